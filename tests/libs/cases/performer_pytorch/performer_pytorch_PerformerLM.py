"""performer_pytorch: PerformerLM (performer_pytorch.performer_pytorch), small configuration, eval mode."""
import torch
from performer_pytorch import PerformerLM

model = PerformerLM(num_tokens=64, max_seq_len=16, dim=32, depth=2, heads=2).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
