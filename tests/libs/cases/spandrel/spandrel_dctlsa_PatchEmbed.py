"""spandrel: PatchEmbed (spandrel.architectures.DCTLSA.__arch.dctlsa), defaults, eval mode."""
import torch
from spandrel.architectures.DCTLSA.__arch.dctlsa import PatchEmbed

model = PatchEmbed().eval()
example_args = (torch.randn(2, 3, 32, 32),)
