"""transformers (lara_mini): LaraMiniModel with LaraMiniConfig shrunk, eval mode."""
import torch
from transformers import LaraMiniConfig, LaraMiniModel

config = LaraMiniConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, moe_intermediate_size=48, shared_expert_intermediate_size=48, num_experts_per_tok=2, num_experts=4, eos_token_id=0, use_cache=False)
model = LaraMiniModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
