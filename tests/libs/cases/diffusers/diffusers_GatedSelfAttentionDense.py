"""diffusers: GatedSelfAttentionDense (diffusers.models.attention), small configuration, eval mode."""
import torch
from diffusers.models.attention import GatedSelfAttentionDense

model = GatedSelfAttentionDense(query_dim=32, context_dim=32, n_heads=2, d_head=16).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
