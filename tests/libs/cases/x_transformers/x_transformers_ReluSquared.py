"""x_transformers: ReluSquared (x_transformers.x_transformers), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from x_transformers.x_transformers import ReluSquared

model = ReluSquared().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
