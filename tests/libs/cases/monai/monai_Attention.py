"""monai: Attention (monai.networks.nets.vista3d), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from monai.networks.nets.vista3d import Attention

model = Attention(embedding_dim=32, num_heads=2).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
dynamic_shapes = {"q": {0: Dim("batch"), 1: Dim("seq")}, "k": {0: Dim("batch"), 1: Dim("seq")}, "v": {0: Dim("batch"), 1: Dim("seq")}}
