"""spandrel: IG_MSA (spandrel.architectures.RetinexFormer.__arch.retinexformer_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.RetinexFormer.__arch.retinexformer_arch import IG_MSA

model = IG_MSA(dim=32, dim_head=16, heads=2).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
