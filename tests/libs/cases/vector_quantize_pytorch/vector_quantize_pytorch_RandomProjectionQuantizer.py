"""vector_quantize_pytorch: RandomProjectionQuantizer (vector_quantize_pytorch.random_projection_quantizer), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from vector_quantize_pytorch import RandomProjectionQuantizer

model = RandomProjectionQuantizer(dim=32, codebook_size=64, codebook_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
