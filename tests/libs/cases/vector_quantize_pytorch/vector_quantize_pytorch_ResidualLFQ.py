"""vector_quantize_pytorch: ResidualLFQ (vector_quantize_pytorch.residual_lfq), small configuration, eval mode."""
import torch
from vector_quantize_pytorch import ResidualLFQ

model = ResidualLFQ(dim=64, num_quantizers=16, codebook_size=64).eval()
example_args = (torch.randn(2, 16, 64),)
