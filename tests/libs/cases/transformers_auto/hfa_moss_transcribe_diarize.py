"""transformers (moss_transcribe_diarize): MossTranscribeDiarizeModel with MossTranscribeDiarizeConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import MossTranscribeDiarizeConfig, MossTranscribeDiarizeModel

config = MossTranscribeDiarizeConfig(audio_config={'model_type': 'moss_transcribe_diarize_audio', 'num_hidden_layers': 2, 'num_attention_heads': 4, 'intermediate_size': 37, 'hidden_size': 32}, text_config={'model_type': 'qwen3', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8}, audio_token_id=0)
model = MossTranscribeDiarizeModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
