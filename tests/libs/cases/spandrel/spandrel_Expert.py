"""spandrel: Expert (spandrel.architectures.SeemoRe.__arch.seemore_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.SeemoRe.__arch.seemore_arch import Expert

model = Expert(in_ch=3, low_dim=32).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
