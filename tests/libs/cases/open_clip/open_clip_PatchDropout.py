"""open_clip: PatchDropout (open_clip.transformer), defaults, eval mode."""
import torch
from open_clip.transformer import PatchDropout

model = PatchDropout().eval()
example_args = (torch.randn(2, 3, 32, 32),)
