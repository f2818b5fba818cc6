"""normflows: PeriodicWrap (normflows.flows.periodic), small configuration, eval mode."""
import torch
from normflows.flows import PeriodicWrap

model = PeriodicWrap(ind=16).eval()
example_args = (torch.randn(2, 3, 32, 32),)
