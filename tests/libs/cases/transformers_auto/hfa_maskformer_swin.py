"""transformers (maskformer-swin): MaskFormerSwinModel with MaskFormerSwinConfig shrunk, eval mode."""
import torch
from transformers import MaskFormerSwinConfig, MaskFormerSwinModel

config = MaskFormerSwinConfig(image_size=32, embed_dim=32, depths=[1, 1, 1, 1], num_heads=[1, 1, 1, 1], hidden_size=32)
model = MaskFormerSwinModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
