"""local_attention: GEGLU (local_attention.transformer), defaults, eval mode."""
import torch
from local_attention.transformer import GEGLU

model = GEGLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
