"""gMLP(num_tokens=1000, dim=128, depth=2, seq_len=64), eval mode."""
import torch
from g_mlp_pytorch import gMLP

model = gMLP(num_tokens=1000, dim=128, depth=2, seq_len=64).eval()
example_args = (torch.randint(0, 1000, (1, 64)),)
