"""MEGABYTE_pytorch: Attend (MEGABYTE_pytorch.attend), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from MEGABYTE_pytorch.attend import Attend

model = Attend().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"q": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "k": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "v": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
