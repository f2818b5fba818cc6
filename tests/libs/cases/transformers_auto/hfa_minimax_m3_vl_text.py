"""transformers (minimax_m3_vl_text): MiniMaxM3VLTextModel with MiniMaxM3VLTextConfig shrunk, eval mode."""
import torch
from transformers import MiniMaxM3VLTextConfig, MiniMaxM3VLTextModel

config = MiniMaxM3VLTextConfig(vocab_size=99, hidden_size=32, intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, bos_token_id=0, eos_token_id=0, num_experts_per_tok=2, num_local_experts=4, use_cache=False)
model = MiniMaxM3VLTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
