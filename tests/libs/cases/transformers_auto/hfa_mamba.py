"""transformers (mamba): MambaModel with MambaConfig shrunk, eval mode."""
import torch
from transformers import MambaConfig, MambaModel

config = MambaConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, intermediate_size=37, use_cache=False)
model = MambaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
