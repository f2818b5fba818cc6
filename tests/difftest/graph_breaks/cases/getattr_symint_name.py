"""GB6053: getattr with a name built from str() of a dynamic size."""
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale4 = 2.0

    def forward(self, x):
        return x * getattr(self, "scale" + str(x.shape[0]))


model = Model()
example_args = (torch.randn(4, 8),)
dynamic_shapes = {"x": {0: torch.export.Dim("batch")}}
