"""x_clip: VisionTransformer (x_clip.x_clip), small configuration, eval mode."""
import torch
from x_clip.x_clip import VisionTransformer

model = VisionTransformer(dim=32, image_size=32, patch_size=8, channels=32, depth=2).eval()
example_args = (torch.randn(2, 32, 32, 32),)
