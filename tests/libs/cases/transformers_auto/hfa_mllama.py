"""transformers (mllama): MllamaModel with MllamaConfig shrunk, eval mode."""
import torch
from transformers import MllamaConfig, MllamaModel

config = MllamaConfig(vision_config={'model_type': 'mllama_vision_model', 'hidden_size': 32, 'num_hidden_layers': 2, 'intermediate_size': 37, 'image_size': 32, 'patch_size': 8}, text_config={'model_type': 'mllama_text_model', 'vocab_size': 99, 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'intermediate_size': 37, 'bos_token_id': 0, 'eos_token_id': 0, 'pad_token_id': 0})
model = MllamaModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
