"""transformers (cohere2_moe): Cohere2MoeModel with Cohere2MoeConfig shrunk, eval mode."""
import torch
from transformers import Cohere2MoeConfig, Cohere2MoeModel

config = Cohere2MoeConfig(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, eos_token_id=0, num_experts=4, use_cache=False)
model = Cohere2MoeModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
