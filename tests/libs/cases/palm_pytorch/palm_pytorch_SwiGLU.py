"""palm_pytorch: SwiGLU (palm_pytorch.palm_lite), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from palm_pytorch.palm_lite import SwiGLU

model = SwiGLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
