"""normflows: PeriodicShift (normflows.flows.periodic), small configuration, eval mode."""
import torch
from normflows.flows import PeriodicShift

model = PeriodicShift(ind=16).eval()
example_args = (torch.randn(2, 3, 32, 32),)
