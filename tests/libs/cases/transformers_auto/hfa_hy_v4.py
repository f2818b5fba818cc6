"""transformers (hy_v4): HYV4Model with HYV4Config shrunk, eval mode."""
import torch
from transformers import HYV4Config, HYV4Model

config = HYV4Config(vocab_size=99, hidden_size=32, intermediate_size=48, moe_intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=8, pad_token_id=0, bos_token_id=0, eos_token_id=0, n_routed_experts=4, num_experts_per_tok=2, q_lora_rank=16, kv_lora_rank=16, qk_nope_head_dim=8, qk_rope_head_dim=8, v_head_dim=8, qk_head_dim=8, use_cache=False)
model = HYV4Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
