"""piq: FIDInceptionC (piq.feature_extractors.fid_inception), small configuration, eval mode."""
import torch
from piq.feature_extractors.fid_inception import FIDInceptionC

model = FIDInceptionC(in_channels=3, channels_7x7=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
