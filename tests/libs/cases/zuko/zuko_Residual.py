"""zuko: Residual (zuko.nn), defaults, eval mode."""
import torch
from zuko.nn import Residual

model = Residual().eval()
example_args = (torch.randn(2, 3, 32, 32),)
