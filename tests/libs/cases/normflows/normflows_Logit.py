"""normflows: Logit (normflows.transforms), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from normflows.transforms import Logit

model = Logit().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"z": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
