"""normflows: InvertibleAffine (normflows.flows.mixing), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from normflows.flows import InvertibleAffine

model = InvertibleAffine(num_channels=3).eval()
example_args = (torch.randn(2, 16, 3),)
dynamic_shapes = {"z": {0: Dim("batch"), 1: Dim("seq")}}
