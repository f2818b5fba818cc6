"""normflows: LULinearPermute (normflows.flows.mixing), small configuration, eval mode."""
import torch
from normflows.flows import LULinearPermute

model = LULinearPermute(num_channels=3).eval()
example_args = (torch.randn(2, 3),)
