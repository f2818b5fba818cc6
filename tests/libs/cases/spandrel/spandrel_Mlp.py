"""spandrel: Mlp (spandrel.architectures.CRAFT.__arch.CRAFT), small configuration, eval mode."""
import torch
from spandrel.architectures.CRAFT.__arch.CRAFT import Mlp

model = Mlp(in_features=32).eval()
example_args = (torch.randn(2, 16, 32),)
