"""spandrel: Mlp (spandrel.architectures.DCTLSA.__arch.dctlsa), small configuration, eval mode."""
import torch
from spandrel.architectures.DCTLSA.__arch.dctlsa import Mlp

model = Mlp(in_features=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
