"""transformers (imagegpt): ImageGPTModel with ImageGPTConfig shrunk, eval mode."""
import torch
from transformers import ImageGPTConfig, ImageGPTModel

config = ImageGPTConfig(vocab_size=99, n_embd=32, n_layer=2, n_head=4, use_cache=False)
model = ImageGPTModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
