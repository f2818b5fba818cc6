"""transformers (inkling_text): InklingTextModel with InklingTextConfig shrunk, eval mode."""
import torch
from transformers import InklingTextConfig, InklingTextModel

config = InklingTextConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, intermediate_size=48, moe_intermediate_size=48, n_routed_experts=4, num_experts_per_tok=2)
model = InklingTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
