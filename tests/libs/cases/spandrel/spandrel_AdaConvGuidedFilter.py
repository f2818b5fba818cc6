"""spandrel: AdaConvGuidedFilter (spandrel.architectures.OmniSR.__arch.esa), small configuration, eval mode."""
import torch
from spandrel.architectures.OmniSR.__arch.esa import AdaConvGuidedFilter

model = AdaConvGuidedFilter(esa_channels=64, n_feats=16).eval()
example_args = (torch.randn(2, 64, 32, 32),)
