"""normflows: Swish (normflows.nets.lipschitz), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from normflows.nets.lipschitz import Swish

model = Swish().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
