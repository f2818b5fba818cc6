"""transformers (swinv2): Swinv2Model with Swinv2Config shrunk, eval mode."""
import torch
from transformers import Swinv2Config, Swinv2Model

config = Swinv2Config(image_size=32, embed_dim=32, depths=[1, 1, 1, 1], num_heads=[1, 1, 1, 1], num_layers=2, hidden_size=32)
model = Swinv2Model(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
