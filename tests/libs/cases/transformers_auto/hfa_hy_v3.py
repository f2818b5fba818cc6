"""transformers (hy_v3): HYV3Model with HYV3Config shrunk, eval mode."""
import torch
from transformers import HYV3Config, HYV3Model

config = HYV3Config(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, num_experts=4, num_experts_per_tok=2, moe_intermediate_size=48, use_cache=False)
model = HYV3Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
