"""mixture_of_experts: GELU_ (mixture_of_experts.mixture_of_experts), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from mixture_of_experts.mixture_of_experts import GELU_

model = GELU_().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
