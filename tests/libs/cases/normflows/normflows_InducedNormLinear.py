"""normflows: InducedNormLinear (normflows.nets.lipschitz), small configuration, eval mode."""
import torch
from normflows.nets import InducedNormLinear

model = InducedNormLinear(in_features=32, out_features=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
