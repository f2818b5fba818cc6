"""vector_quantize_pytorch: VectorNorm (vector_quantize_pytorch.finite_scalar_perturbation), defaults, eval mode."""
import torch
from vector_quantize_pytorch.finite_scalar_perturbation import VectorNorm

model = VectorNorm().eval()
example_args = (torch.randn(2, 3, 32, 32),)
