"""egnn_pytorch: EGNN (egnn_pytorch.egnn_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from egnn_pytorch import EGNN

model = EGNN(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
dynamic_shapes = {"feats": {0: Dim("batch"), 1: Dim("seq")}, "coors": {0: Dim("batch"), 1: Dim("seq")}}
