"""auraloss: SpectralConvergenceLoss (auraloss.freq), defaults, eval mode."""
import torch
from auraloss.freq import SpectralConvergenceLoss

model = SpectralConvergenceLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
