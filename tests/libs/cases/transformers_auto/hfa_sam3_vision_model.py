"""transformers (sam3_vision_model): Sam3VisionModel with Sam3VisionConfig shrunk, eval mode."""
import torch
from transformers import Sam3VisionConfig, Sam3VisionModel

config = Sam3VisionConfig(backbone_config={'model_type': 'sam3_vit_model', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8})
model = Sam3VisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
