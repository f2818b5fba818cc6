"""normflows: Permute (normflows.flows.mixing), small configuration, eval mode."""
import torch
from normflows.flows import Permute

model = Permute(num_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
