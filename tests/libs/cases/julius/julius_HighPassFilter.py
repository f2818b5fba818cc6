"""julius: HighPassFilter (julius.filters), small configuration, eval mode."""
import torch
from julius import HighPassFilter

model = HighPassFilter(cutoff=0.1).eval()
example_args = (torch.randn(2, 3, 32, 32),)
