"""piq: KID (piq.kid), defaults, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from piq import KID

model = KID().eval()
example_args = (torch.randn(2, 32), torch.randn(2, 32),)
dynamic_shapes = {"x_features": {0: Dim.AUTO}, "y_features": {0: Dim.AUTO}}
