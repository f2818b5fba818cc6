"""piq: FIDInceptionE1 (piq.feature_extractors.fid_inception), small configuration, eval mode."""
import torch
from piq.feature_extractors.fid_inception import FIDInceptionE1

model = FIDInceptionE1(in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
