"""transformers (ctrl): CTRLModel with CTRLConfig shrunk, eval mode."""
import torch
from transformers import CTRLConfig, CTRLModel

config = CTRLConfig(vocab_size=99, n_embd=32, n_layer=2, n_head=4, use_cache=False)
model = CTRLModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
