"""spandrel: AdaGuidedFilter (spandrel.architectures.OmniSR.__arch.esa), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.OmniSR.__arch.esa import AdaGuidedFilter

model = AdaGuidedFilter(esa_channels=64, n_feats=16).eval()
example_args = (torch.randn(2, 64, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
