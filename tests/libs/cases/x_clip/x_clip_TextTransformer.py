"""x_clip: TextTransformer (x_clip.x_clip), small configuration, eval mode."""
import torch
from x_clip import TextTransformer

model = TextTransformer(dim=32, num_tokens=64, max_seq_len=16, dim_head=16, depth=2).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
