"""test_layer_norm_unbacked_normalized_shape: layer_norm whose normalized_shape is an unbacked int."""
import torch


class MyModel(torch.nn.Module):
    def forward(self, scalar, weight, bias):
        u1 = scalar.item()
        y = torch.ones(2, u1)

        return torch.nn.functional.layer_norm(
            input=y, normalized_shape=(u1,), weight=weight, bias=bias
        )


model = MyModel()
example_args = (torch.scalar_tensor(16, dtype=torch.int32), torch.randn(16), torch.randn(16))
