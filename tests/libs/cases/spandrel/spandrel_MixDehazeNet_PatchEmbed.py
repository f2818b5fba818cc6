"""spandrel: PatchEmbed (spandrel.architectures.MixDehazeNet.__arch.MixDehazeNet), defaults, eval mode."""
import torch
from spandrel.architectures.MixDehazeNet.__arch.MixDehazeNet import PatchEmbed

model = PatchEmbed().eval()
example_args = (torch.randn(2, 3, 32, 32),)
