"""transformers (xglm): XGLMModel with XGLMConfig shrunk, eval mode."""
import torch
from transformers import XGLMConfig, XGLMModel

config = XGLMConfig(vocab_size=99, d_model=32, ffn_dim=37, num_layers=2, use_cache=False)
model = XGLMModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
