"""rtdl_revisiting_models: MultiheadAttention (rtdl_revisiting_models), small configuration, eval mode."""
import torch
from rtdl_revisiting_models import MultiheadAttention

model = MultiheadAttention(d_embedding=32, n_heads=2, dropout=0.1).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
