"""mixture_of_experts: Experts (mixture_of_experts.mixture_of_experts), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from mixture_of_experts import Experts

model = Experts(dim=32).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
