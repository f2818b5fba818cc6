"""zuko: Linear (zuko.nn), small configuration, eval mode."""
import torch
from zuko.nn import Linear

model = Linear(in_features=32, out_features=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
