"""spandrel: TransformerEncoderLayer (spandrel.architectures.IPT.__arch.ipt), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from spandrel.architectures.IPT.__arch.ipt import TransformerEncoderLayer

model = TransformerEncoderLayer(d_model=32, nhead=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"src": {0: Dim.AUTO, 1: Dim.AUTO}}
