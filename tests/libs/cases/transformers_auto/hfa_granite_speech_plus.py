"""transformers (granite_speech_plus): GraniteSpeechPlusModel with GraniteSpeechPlusConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import GraniteSpeechPlusConfig, GraniteSpeechPlusModel

config = GraniteSpeechPlusConfig(text_config={'model_type': 'granite', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2}, encoder_config={'model_type': 'granite_speech_plus_encoder', 'num_layers': 2, 'hidden_dim': 32, 'num_heads': 4}, projector_config={'model_type': 'blip_2_qformer', 'vocab_size': 99, 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'intermediate_size': 37})
model = GraniteSpeechPlusModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
