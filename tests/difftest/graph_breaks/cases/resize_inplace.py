"""GB0126: Tensor.resize_() on an intermediate buffer."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        buf = x.clone()
        buf.resize_(2, 16)
        return buf


model = Model()
example_args = (torch.randn(4, 8),)
