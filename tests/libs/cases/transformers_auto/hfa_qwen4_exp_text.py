"""transformers (qwen4_exp_text): Qwen4ExpTextModel with Qwen4ExpTextConfig shrunk, eval mode."""
import torch
from transformers import Qwen4ExpTextConfig, Qwen4ExpTextModel

config = Qwen4ExpTextConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, head_dim=8, moe_intermediate_size=48, shared_expert_intermediate_size=48, num_experts_per_tok=2, num_experts=4, use_cache=False)
model = Qwen4ExpTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
