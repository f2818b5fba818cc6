"""spandrel: SME (spandrel.architectures.SeemoRe.__arch.seemore_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.SeemoRe.__arch.seemore_arch import SME

model = SME(in_ch=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
