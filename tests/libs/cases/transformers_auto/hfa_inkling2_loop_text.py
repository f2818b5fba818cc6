"""transformers (inkling2_loop_text): Inkling2LoopTextModel with Inkling2LoopTextConfig shrunk, eval mode."""
import torch
from transformers import Inkling2LoopTextConfig, Inkling2LoopTextModel

config = Inkling2LoopTextConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, moe_intermediate_size=48, n_routed_experts=4, num_experts_per_tok=2, eos_token_id=0, use_cache=False)
model = Inkling2LoopTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
