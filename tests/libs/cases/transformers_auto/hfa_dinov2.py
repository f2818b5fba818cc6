"""transformers (dinov2): Dinov2Model with Dinov2Config shrunk, eval mode."""
import torch
from transformers import Dinov2Config, Dinov2Model

config = Dinov2Config(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = Dinov2Model(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
