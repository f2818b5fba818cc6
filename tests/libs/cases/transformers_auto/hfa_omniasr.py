"""transformers (omniasr): OmniASRModel with OmniASRConfig shrunk, eval mode."""
import torch
from transformers import OmniASRConfig, OmniASRModel

config = OmniASRConfig(audio_config={'model_type': 'omniasr_audio', 'hidden_size': 32, 'conv_dim': [32, 32, 32, 32, 32, 32, 32], 'num_attention_heads': 4, 'num_hidden_layers': 2, 'intermediate_size': 37}, text_config={'model_type': 'llama', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8}, audio_token_id=0)
model = OmniASRModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
