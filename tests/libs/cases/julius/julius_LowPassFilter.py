"""julius: LowPassFilter (julius.lowpass), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from julius import LowPassFilter

model = LowPassFilter(cutoff=0.1).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
