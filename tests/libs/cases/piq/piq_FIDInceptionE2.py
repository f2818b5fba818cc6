"""piq: FIDInceptionE2 (piq.feature_extractors.fid_inception), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from piq.feature_extractors.fid_inception import FIDInceptionE2

model = FIDInceptionE2(in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
