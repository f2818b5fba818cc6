"""x_transformers: FreeTransformer (x_transformers.free_transformer), small configuration, eval mode."""
import torch
from x_transformers.free_transformer import FreeTransformer

model = FreeTransformer(num_tokens=64, dim=32, dec_head_depth=2, dec_tail_depth=2, max_seq_len=16).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
