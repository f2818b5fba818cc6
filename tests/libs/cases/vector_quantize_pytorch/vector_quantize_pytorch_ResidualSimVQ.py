"""vector_quantize_pytorch: ResidualSimVQ (vector_quantize_pytorch.residual_sim_vq), small configuration, eval mode."""
import torch
from vector_quantize_pytorch import ResidualSimVQ

model = ResidualSimVQ(dim=64, num_quantizers=16, codebook_size=64).eval()
example_args = (torch.randn(2, 16, 64),)
