"""piq: FIDInceptionA (piq.feature_extractors.fid_inception), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from piq.feature_extractors.fid_inception import FIDInceptionA

model = FIDInceptionA(in_channels=3, pool_features=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
