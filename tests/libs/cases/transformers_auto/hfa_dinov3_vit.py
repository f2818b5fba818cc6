"""transformers (dinov3_vit): DINOv3ViTModel with DINOv3ViTConfig shrunk, eval mode."""
import torch
from transformers import DINOv3ViTConfig, DINOv3ViTModel

config = DINOv3ViTConfig(patch_size=8, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, image_size=32)
model = DINOv3ViTModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
