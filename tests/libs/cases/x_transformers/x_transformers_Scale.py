"""x_transformers: Scale (x_transformers.x_transformers), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from x_transformers.x_transformers import Scale

model = Scale(scale=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = ({0: Dim("batch"), 2: Dim("height"), 3: Dim("width")},)
