"""linear_attention_transformer: LinearAttentionTransformerLM (linear_attention_transformer.linear_attention_transformer), small configuration, eval mode."""
import torch
from linear_attention_transformer import LinearAttentionTransformerLM

model = LinearAttentionTransformerLM(num_tokens=64, dim=32, depth=2, max_seq_len=16).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
