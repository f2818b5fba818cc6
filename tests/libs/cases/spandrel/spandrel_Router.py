"""spandrel: Router (spandrel.architectures.SeemoRe.__arch.seemore_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.SeemoRe.__arch.seemore_arch import Router

model = Router(in_ch=3, num_experts=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
