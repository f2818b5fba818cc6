"""julius: ResampleFrac (julius.resample), small configuration, eval mode."""
import torch
from julius import ResampleFrac

model = ResampleFrac(old_sr=32, new_sr=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
