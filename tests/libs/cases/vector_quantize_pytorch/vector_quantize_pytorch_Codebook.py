"""vector_quantize_pytorch: Codebook (vector_quantize_pytorch.vector_quantize_pytorch), small configuration, eval mode."""
import torch
from vector_quantize_pytorch.vector_quantize_pytorch import Codebook

model = Codebook(dim=32, codebook_size=64).eval()
example_args = (torch.randn(2, 16, 32),)
