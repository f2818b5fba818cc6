"""transformers (wav2vec2-conformer): Wav2Vec2ConformerModel with Wav2Vec2ConformerConfig shrunk, eval mode. Dynamic batch, time."""
import torch
from torch.export import Dim
from transformers import Wav2Vec2ConformerConfig, Wav2Vec2ConformerModel

config = Wav2Vec2ConformerConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, conv_dim=[32, 32, 32, 32, 32, 32, 32], codevector_dim=32, proj_codevector_dim=32, classifier_proj_size=32)
model = Wav2Vec2ConformerModel(config).eval()
example_args = (torch.randn(2, 1600),)
dynamic_shapes = {"input_values": {0: Dim.AUTO, 1: Dim.AUTO}}
