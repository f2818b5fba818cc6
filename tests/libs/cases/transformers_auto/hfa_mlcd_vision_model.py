"""transformers (mlcd_vision_model): MLCDVisionModel with MLCDVisionConfig shrunk, eval mode."""
import torch
from transformers import MLCDVisionConfig, MLCDVisionModel

config = MLCDVisionConfig(hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, image_size=32, patch_size=8)
model = MLCDVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
