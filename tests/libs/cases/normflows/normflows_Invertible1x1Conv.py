"""normflows: Invertible1x1Conv (normflows.flows.mixing), small configuration, eval mode."""
import torch
from normflows.flows import Invertible1x1Conv

model = Invertible1x1Conv(num_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
