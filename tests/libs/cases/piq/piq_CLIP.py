"""piq: CLIP (piq.feature_extractors.clip), small configuration, eval mode."""
import torch
from piq.feature_extractors.clip import CLIP

model = CLIP(embed_dim=64, image_resolution=64, vision_layers=2, vision_width=64, vision_patch_size=64, context_length=16, vocab_size=64, transformer_width=64, transformer_heads=2, transformer_layers=2).eval()
example_args = (torch.randn(2, 3, 64, 64), torch.randint(0, 64, (2, 16)),)
