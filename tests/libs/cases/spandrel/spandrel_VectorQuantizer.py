"""spandrel: VectorQuantizer (spandrel.architectures.RestoreFormer.__arch.restoreformer_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.RestoreFormer.__arch.restoreformer_arch import VectorQuantizer

model = VectorQuantizer(n_e=16, e_dim=64, beta=16).eval()
example_args = (torch.randn(2, 3, 32, 32),)
