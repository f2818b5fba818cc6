"""normflows: AffineConstFlow (normflows.flows.affine.coupling), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from normflows.flows import AffineConstFlow

model = AffineConstFlow(shape=16).eval()
example_args = (torch.randn(2, 16, 16),)
dynamic_shapes = {"z": {0: Dim.AUTO, 1: Dim.AUTO}}
