"""normflows: Radial (normflows.flows.radial), small configuration, eval mode."""
import torch
from normflows.flows import Radial

model = Radial(shape=16).eval()
example_args = (torch.randn(2, 16, 16),)
