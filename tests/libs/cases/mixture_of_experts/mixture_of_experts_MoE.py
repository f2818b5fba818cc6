"""mixture_of_experts: MoE (mixture_of_experts.mixture_of_experts), small configuration, eval mode."""
import torch
from mixture_of_experts import MoE

model = MoE(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
