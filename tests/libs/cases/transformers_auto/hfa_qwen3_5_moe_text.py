"""transformers (qwen3_5_moe_text): Qwen3_5MoeTextModel with Qwen3_5MoeTextConfig shrunk, eval mode."""
import torch
from transformers import Qwen3_5MoeTextConfig, Qwen3_5MoeTextModel

config = Qwen3_5MoeTextConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, head_dim=8, moe_intermediate_size=48, shared_expert_intermediate_size=48, num_experts_per_tok=2, num_experts=4, use_cache=False)
model = Qwen3_5MoeTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
