"""transformers (wav2vec2): Wav2Vec2Model with Wav2Vec2Config shrunk, eval mode."""
import torch
from transformers import Wav2Vec2Config, Wav2Vec2Model

config = Wav2Vec2Config(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, conv_dim=[32, 32, 32, 32, 32, 32, 32], codevector_dim=32, proj_codevector_dim=32, classifier_proj_size=32)
model = Wav2Vec2Model(config).eval()
example_args = (torch.randn(2, 1600),)
