"""SmolLM-style LlamaForCausalLM with a tiny LlamaConfig, eval mode."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM

config = LlamaConfig(
    vocab_size=128, max_position_embeddings=64, hidden_size=48, intermediate_size=128,
    num_hidden_layers=2, num_attention_heads=3, num_key_value_heads=1, tie_word_embeddings=True,
    rms_norm_eps=1e-05, bos_token_id=0, eos_token_id=0, use_cache=False
)
model = LlamaForCausalLM(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
