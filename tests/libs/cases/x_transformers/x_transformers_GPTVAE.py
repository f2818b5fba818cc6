"""x_transformers: GPTVAE (x_transformers.gpt_vae), small configuration, eval mode."""
import torch
from x_transformers.gpt_vae import GPTVAE

model = GPTVAE(num_tokens=64, dim=32, depth=2, enc_depth=2, max_seq_len=16).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
