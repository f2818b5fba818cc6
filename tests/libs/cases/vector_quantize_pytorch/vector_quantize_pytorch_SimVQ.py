"""vector_quantize_pytorch: SimVQ (vector_quantize_pytorch.sim_vq), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from vector_quantize_pytorch import SimVQ

model = SimVQ(dim=32, codebook_size=64).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
