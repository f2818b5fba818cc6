"""transformers (glpn): GLPNModel with GLPNConfig shrunk, eval mode."""
import torch
from transformers import GLPNConfig, GLPNModel

config = GLPNConfig(depths=[1, 1, 1, 1], num_attention_heads=[1, 1, 1, 1])
model = GLPNModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
