"""open_clip: VisionTransformer (open_clip.transformer), small configuration, eval mode."""
import torch
from open_clip.transformer import VisionTransformer

model = VisionTransformer(image_size=32, patch_size=8, width=32, layers=2, heads=2, mlp_ratio=0.1).eval()
example_args = (torch.randn(2, 3, 32, 32),)
