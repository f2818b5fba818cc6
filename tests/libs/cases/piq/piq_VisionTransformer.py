"""piq: VisionTransformer (piq.feature_extractors.clip), small configuration, eval mode."""
import torch
from piq.feature_extractors.clip import VisionTransformer

model = VisionTransformer(input_resolution=32, patch_size=8, width=32, layers=2, heads=2, output_dim=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
