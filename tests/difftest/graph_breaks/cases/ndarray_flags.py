"""GB0157: reading ndarray.flags."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        a = x.numpy()
        if a.flags["C_CONTIGUOUS"]:
            return x
        return x.contiguous()


model = Model()
example_args = (torch.randn(4, 8),)
