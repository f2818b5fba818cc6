"""open_clip: LayerScale (open_clip.transformer), small configuration, eval mode."""
import torch
from open_clip.transformer import LayerScale

model = LayerScale(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
