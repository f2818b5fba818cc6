"""transformers (tipsv2_vision_model): Tipsv2VisionModel with Tipsv2VisionConfig shrunk, eval mode."""
import torch
from transformers import Tipsv2VisionConfig, Tipsv2VisionModel

config = Tipsv2VisionConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = Tipsv2VisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
