"""pytorch_tcn: TemporalPad1d (pytorch_tcn.pad), small configuration, eval mode."""
import torch
from pytorch_tcn.pad import TemporalPad1d

model = TemporalPad1d(padding=1, in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
