"""transformers (deepseek_v4): DeepseekV4Model with DeepseekV4Config shrunk, eval mode."""
import torch
from transformers import DeepseekV4Config, DeepseekV4Model

config = DeepseekV4Config(vocab_size=99, hidden_size=32, moe_intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, head_dim=8, q_lora_rank=16, num_experts_per_tok=2, n_routed_experts=4, qk_rope_head_dim=8, use_cache=False)
model = DeepseekV4Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
