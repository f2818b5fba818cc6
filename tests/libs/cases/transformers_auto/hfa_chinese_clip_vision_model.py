"""transformers (chinese_clip_vision_model): ChineseCLIPVisionModel with ChineseCLIPVisionConfig shrunk, eval mode."""
import torch
from transformers import ChineseCLIPVisionConfig, ChineseCLIPVisionModel

config = ChineseCLIPVisionConfig(hidden_size=32, intermediate_size=37, projection_dim=32, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = ChineseCLIPVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
