"""transformers (sapiens2): Sapiens2Model with Sapiens2Config shrunk, eval mode."""
import torch
from transformers import Sapiens2Config, Sapiens2Model

config = Sapiens2Config(patch_size=8, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, image_size=32)
model = Sapiens2Model(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
