"""transformers (clip_vision_model): CLIPVisionModel with CLIPVisionConfig shrunk, eval mode."""
import torch
from transformers import CLIPVisionConfig, CLIPVisionModel

config = CLIPVisionConfig(hidden_size=32, intermediate_size=37, projection_dim=32, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = CLIPVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
