"""local_attention: LocalTransformer (local_attention.transformer), small configuration, eval mode."""
import torch
from local_attention import LocalTransformer

model = LocalTransformer(num_tokens=64, max_seq_len=16, dim=32, depth=2).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
