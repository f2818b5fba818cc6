"""transformers (data2vec-audio): Data2VecAudioModel with Data2VecAudioConfig shrunk, eval mode."""
import torch
from transformers import Data2VecAudioConfig, Data2VecAudioModel

config = Data2VecAudioConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, conv_dim=[32, 32, 32, 32, 32, 32, 32], classifier_proj_size=32)
model = Data2VecAudioModel(config).eval()
example_args = (torch.randn(2, 1600),)
