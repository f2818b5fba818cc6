"""snac: VectorQuantize (snac.vq), small configuration, eval mode."""
import torch
from snac.vq import VectorQuantize

model = VectorQuantize(input_dim=16, codebook_size=64, codebook_dim=16).eval()
example_args = (torch.randn(2, 16, 16),)
