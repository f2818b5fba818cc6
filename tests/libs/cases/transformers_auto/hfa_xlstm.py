"""transformers (xlstm): xLSTMModel with xLSTMConfig shrunk, eval mode."""
import torch
from transformers import xLSTMConfig, xLSTMModel

config = xLSTMConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_heads=4, use_cache=False)
model = xLSTMModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
