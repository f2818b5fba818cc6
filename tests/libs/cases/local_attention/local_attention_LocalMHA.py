"""local_attention: LocalMHA (local_attention.transformer), small configuration, eval mode."""
import torch
from local_attention import LocalMHA

model = LocalMHA(dim=32, window_size=4).eval()
example_args = (torch.randn(2, 16, 32),)
