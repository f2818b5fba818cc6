"""mega_pytorch: Mega (mega_pytorch.mega_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from mega_pytorch import Mega

model = Mega(dim=32, num_tokens=64, depth=2).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
