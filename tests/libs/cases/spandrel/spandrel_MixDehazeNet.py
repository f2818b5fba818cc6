"""spandrel: MixDehazeNet (spandrel.architectures.MixDehazeNet.__arch.MixDehazeNet), defaults, eval mode."""
import torch
from spandrel.architectures.MixDehazeNet import MixDehazeNet

model = MixDehazeNet().eval()
example_args = (torch.randn(2, 3, 64, 64),)
