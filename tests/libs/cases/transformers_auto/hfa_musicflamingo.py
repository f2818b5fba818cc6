"""transformers (musicflamingo): MusicFlamingoModel with MusicFlamingoConfig shrunk, eval mode."""
import torch
from transformers import MusicFlamingoConfig, MusicFlamingoModel

config = MusicFlamingoConfig(audio_config={'model_type': 'audioflamingo3_encoder', 'num_hidden_layers': 2, 'num_attention_heads': 4, 'intermediate_size': 37, 'hidden_size': 32}, text_config={'model_type': 'qwen2', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2}, audio_token_id=0, audio_bos_token_id=0, audio_eos_token_id=0, head_dim=8)
model = MusicFlamingoModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
