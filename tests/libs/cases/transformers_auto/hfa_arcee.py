"""transformers (arcee): ArceeModel with ArceeConfig shrunk, eval mode."""
import torch
from transformers import ArceeConfig, ArceeModel

config = ArceeConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, bos_token_id=0, eos_token_id=0, head_dim=8, use_cache=False)
model = ArceeModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
