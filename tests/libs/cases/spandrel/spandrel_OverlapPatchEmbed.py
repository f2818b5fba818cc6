"""spandrel: OverlapPatchEmbed (spandrel.architectures.FFTformer.__arch.fftformer_arch), defaults, eval mode."""
import torch
from spandrel.architectures.FFTformer.__arch.fftformer_arch import OverlapPatchEmbed

model = OverlapPatchEmbed().eval()
example_args = (torch.randn(2, 3, 32, 32),)
