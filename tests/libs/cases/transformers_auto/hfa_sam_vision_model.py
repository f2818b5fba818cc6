"""transformers (sam_vision_model): SamVisionModel with SamVisionConfig shrunk, eval mode."""
import torch
from transformers import SamVisionConfig, SamVisionModel

config = SamVisionConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8, mlp_dim=37)
model = SamVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
