"""spandrel: DropPath (spandrel.architectures.HAT.__arch.HAT), defaults, eval mode."""
import torch
from spandrel.architectures.HAT.__arch.HAT import DropPath

model = DropPath().eval()
example_args = (torch.randn(2, 3, 32, 32),)
