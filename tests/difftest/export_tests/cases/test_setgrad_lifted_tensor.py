"""test_setgrad_lifted_tensor: a tensor constant created under enable_grad."""
import torch


class M(torch.nn.Module):
    def forward(self, x, y):
        with torch.enable_grad():
            c = torch.tensor(4)
            z = c + x + y

        return z * z


model = M()
example_args = (torch.randn(4), torch.randn(4))
