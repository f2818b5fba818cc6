"""normflows: Uniform (normflows.distributions.encoder), defaults, eval mode."""
import torch
from normflows.distributions import Uniform

model = Uniform().eval()
example_args = (torch.randn(2, 32),)
