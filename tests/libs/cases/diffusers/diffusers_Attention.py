"""diffusers: Attention (diffusers.models.attention_processor), small configuration, eval mode."""
import torch
from diffusers.models.attention_processor import Attention

model = Attention(query_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
