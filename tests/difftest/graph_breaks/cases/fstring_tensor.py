"""GB0088: an f-string formatting a tensor value (the format call raises while tracing)."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        msg = f"mean={x.mean()}"
        return x * len(msg)


model = Model()
example_args = (torch.randn(4, 8),)
