"""transformers (sam_hq_vision_model): SamHQVisionModel with SamHQVisionConfig shrunk, eval mode."""
import torch
from transformers import SamHQVisionConfig, SamHQVisionModel

config = SamHQVisionConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8, mlp_dim=37)
model = SamHQVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
