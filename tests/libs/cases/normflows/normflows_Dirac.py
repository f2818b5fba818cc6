"""normflows: Dirac (normflows.distributions.encoder), defaults, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from normflows.distributions import Dirac

model = Dirac().eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
