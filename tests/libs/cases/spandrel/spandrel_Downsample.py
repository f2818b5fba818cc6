"""spandrel: Downsample (spandrel.architectures.RestoreFormer.__arch.restoreformer_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.RestoreFormer.__arch.restoreformer_arch import Downsample

model = Downsample(in_channels=3, with_conv=False).eval()
example_args = (torch.randn(2, 3, 32, 32),)
