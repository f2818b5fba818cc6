"""`torch.Tensor(n)` (the legacy constructor: an uninitialised float tensor
of that size, filled in place) and `torch.Tensor(data)` (float32 data), as
model code written for old torch builds parameters and constants."""
import torch


class LegacyTensorConstructor(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Parameter(torch.Tensor(5).uniform_())
        self.offsets = torch.Tensor([1, 2, 3, 4, 5])

    def forward(self, x):
        return x * self.embed + self.offsets.sum()


model = LegacyTensorConstructor()
example_args = (torch.randn(2, 5),)
