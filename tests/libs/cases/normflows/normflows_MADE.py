"""normflows: MADE (normflows.nets.made), small configuration, eval mode."""
import torch
from normflows.nets import MADE

model = MADE(features=32, hidden_features=32).eval()
example_args = (torch.randn(2, 16, 32),)
