"""perceiver_ar_pytorch: CausalPrefixAttention (perceiver_ar_pytorch.perceiver_ar_pytorch), small configuration, eval mode."""
import torch
from perceiver_ar_pytorch.perceiver_ar_pytorch import CausalPrefixAttention

model = CausalPrefixAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 8, 32),)
