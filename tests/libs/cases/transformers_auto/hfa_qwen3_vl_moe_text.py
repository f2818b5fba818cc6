"""transformers (qwen3_vl_moe_text): Qwen3VLMoeTextModel with Qwen3VLMoeTextConfig shrunk, eval mode."""
import torch
from transformers import Qwen3VLMoeTextConfig, Qwen3VLMoeTextModel

config = Qwen3VLMoeTextConfig(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, moe_intermediate_size=48, num_experts_per_tok=2, num_local_experts=4, head_dim=8, use_cache=False)
model = Qwen3VLMoeTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
