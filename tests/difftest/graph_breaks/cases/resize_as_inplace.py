"""GB0127: Tensor.resize_as_() on a scratch buffer."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        buf = torch.empty(0)
        buf.resize_as_(x)
        return buf.fill_(1.0) + x


model = Model()
example_args = (torch.randn(4, 8),)
