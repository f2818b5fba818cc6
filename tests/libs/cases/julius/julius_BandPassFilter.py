"""julius: BandPassFilter (julius.filters), small configuration, eval mode."""
import torch
from julius import BandPassFilter

model = BandPassFilter(cutoff_low=0.1, cutoff_high=0.1).eval()
example_args = (torch.randn(2, 3, 32, 32),)
