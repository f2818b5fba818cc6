"""transformers (inkling2_text): Inkling2TextModel with Inkling2TextConfig shrunk, eval mode."""
import torch
from transformers import Inkling2TextConfig, Inkling2TextModel

config = Inkling2TextConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, moe_intermediate_size=48, n_routed_experts=4, num_experts_per_tok=2, eos_token_id=0, use_cache=False)
model = Inkling2TextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
