"""transformers (siglip_vision_model): SiglipVisionModel with SiglipVisionConfig shrunk, eval mode."""
import torch
from transformers import SiglipVisionConfig, SiglipVisionModel

config = SiglipVisionConfig(hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = SiglipVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
