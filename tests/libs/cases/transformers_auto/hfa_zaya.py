"""transformers (zaya): ZayaModel with ZayaConfig shrunk, eval mode."""
import torch
from transformers import ZayaConfig, ZayaModel

config = ZayaConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, moe_intermediate_size=48, num_experts=4, eos_token_id=0, head_dim=8, use_cache=False)
model = ZayaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
