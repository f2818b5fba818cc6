"""mixture_of_experts: Top2Gating (mixture_of_experts.mixture_of_experts), small configuration, eval mode."""
import torch
from mixture_of_experts.mixture_of_experts import Top2Gating

model = Top2Gating(dim=64, num_gates=16).eval()
example_args = (torch.randn(2, 16, 64),)
