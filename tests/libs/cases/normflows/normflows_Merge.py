"""normflows: Merge (normflows.flows.reshape), defaults, eval mode."""
import torch
from normflows.flows import Merge

model = Merge().eval()
example_args = (torch.randn(2, 3, 32, 32),)
