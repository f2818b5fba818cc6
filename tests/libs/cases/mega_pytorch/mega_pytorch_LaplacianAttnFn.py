"""mega_pytorch: LaplacianAttnFn (mega_pytorch.mega_pytorch), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from mega_pytorch.mega_pytorch import LaplacianAttnFn

model = LaplacianAttnFn().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
