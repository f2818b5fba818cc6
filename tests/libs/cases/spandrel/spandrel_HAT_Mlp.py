"""spandrel: Mlp (spandrel.architectures.HAT.__arch.HAT), small configuration, eval mode."""
import torch
from spandrel.architectures.HAT.__arch.HAT import Mlp

model = Mlp(in_features=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
