"""open_clip: QuickGELU (open_clip.transformer), defaults, eval mode."""
import torch
from open_clip.transformer import QuickGELU

model = QuickGELU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
