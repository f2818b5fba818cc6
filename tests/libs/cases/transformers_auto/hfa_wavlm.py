"""transformers (wavlm): WavLMModel with WavLMConfig shrunk, eval mode."""
import torch
from transformers import WavLMConfig, WavLMModel

config = WavLMConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, conv_dim=[32, 32, 32, 32, 32, 32, 32], codevector_dim=32, proj_codevector_dim=32, classifier_proj_size=32)
model = WavLMModel(config).eval()
example_args = (torch.randn(2, 1600),)
