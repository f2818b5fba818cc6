"""egnn_pytorch: CoorsNorm (egnn_pytorch.egnn_pytorch), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from egnn_pytorch.egnn_pytorch import CoorsNorm

model = CoorsNorm().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"coors": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
