"""LinformerLM(num_tokens=1000, dim=64, seq_len=128, depth=2, heads=4, k=32), eval mode."""
import torch
from linformer import LinformerLM

model = LinformerLM(num_tokens=1000, dim=64, seq_len=128, depth=2, heads=4, k=32).eval()
example_args = (torch.randint(0, 1000, (1, 128)),)
