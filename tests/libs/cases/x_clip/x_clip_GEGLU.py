"""x_clip: GEGLU (x_clip.x_clip), defaults, eval mode."""
import torch
from x_clip.x_clip import GEGLU

model = GEGLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
