"""transformers (falcon_mamba): FalconMambaModel with FalconMambaConfig shrunk, eval mode."""
import torch
from transformers import FalconMambaConfig, FalconMambaModel

config = FalconMambaConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, intermediate_size=37, use_cache=False)
model = FalconMambaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
