"""spandrel: OverlapPatchEmbed (spandrel.architectures.KBNet.__arch.kbnet_l), defaults, eval mode."""
import torch
from spandrel.architectures.KBNet.__arch.kbnet_l import OverlapPatchEmbed

model = OverlapPatchEmbed().eval()
example_args = (torch.randn(2, 3, 32, 32),)
