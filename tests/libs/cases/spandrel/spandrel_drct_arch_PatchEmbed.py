"""spandrel: PatchEmbed (spandrel.architectures.DRCT.__arch.drct_arch), defaults, eval mode."""
import torch
from spandrel.architectures.DRCT.__arch.drct_arch import PatchEmbed

model = PatchEmbed().eval()
example_args = (torch.randn(2, 3, 32, 32),)
