"""siren_pytorch: Sine (siren_pytorch.siren_pytorch), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from siren_pytorch import Sine

model = Sine().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
