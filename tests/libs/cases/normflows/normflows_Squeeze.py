"""normflows: Squeeze (normflows.flows.reshape), defaults, eval mode."""
import torch
from normflows.flows import Squeeze

model = Squeeze().eval()
example_args = (torch.randn(2, 8, 8, 32),)
