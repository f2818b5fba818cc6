"""spandrel: BiasFree_LayerNorm (spandrel.architectures.FFTformer.__arch.fftformer_arch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from spandrel.architectures.FFTformer.__arch.fftformer_arch import BiasFree_LayerNorm

model = BiasFree_LayerNorm(normalized_shape=16).eval()
example_args = (torch.randn(2, 16, 16),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
