"""mega_pytorch: MegaLayer (mega_pytorch.mega_pytorch), small configuration, eval mode."""
import torch
from mega_pytorch import MegaLayer

model = MegaLayer(dim=32, ema_heads=2, attn_dim_value=32).eval()
example_args = (torch.randn(2, 16, 32),)
