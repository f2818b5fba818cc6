"""transformers (data2vec-vision): Data2VecVisionModel with Data2VecVisionConfig shrunk, eval mode."""
import torch
from transformers import Data2VecVisionConfig, Data2VecVisionModel

config = Data2VecVisionConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, image_size=32, patch_size=8)
model = Data2VecVisionModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
