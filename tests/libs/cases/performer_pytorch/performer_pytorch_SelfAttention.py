"""performer_pytorch: SelfAttention (performer_pytorch.performer_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from performer_pytorch import SelfAttention

model = SelfAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = ({0: Dim.AUTO, 1: Dim.AUTO},)
