"""transformers (fnet): FNetModel with FNetConfig shrunk, eval mode."""
import torch
from transformers import FNetConfig, FNetModel

config = FNetConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, intermediate_size=37)
model = FNetModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
