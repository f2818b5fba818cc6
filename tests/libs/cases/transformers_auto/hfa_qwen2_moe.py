"""transformers (qwen2_moe): Qwen2MoeModel with Qwen2MoeConfig shrunk, eval mode."""
import torch
from transformers import Qwen2MoeConfig, Qwen2MoeModel

config = Qwen2MoeConfig(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, moe_intermediate_size=48, shared_expert_intermediate_size=48, num_experts_per_tok=2, num_experts=4, use_cache=False)
model = Qwen2MoeModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
