"""normflows: BatchNorm (normflows.flows.normalization), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from normflows.flows import BatchNorm

model = BatchNorm().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"z": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
