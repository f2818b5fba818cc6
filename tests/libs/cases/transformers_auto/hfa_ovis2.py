"""transformers (ovis2): Ovis2Model with Ovis2Config shrunk, eval mode."""
import torch
from transformers import Ovis2Config, Ovis2Model

config = Ovis2Config(vision_config={'model_type': 'ovis2_vision', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8, 'vocab_size': 99}, text_config={'model_type': 'qwen2', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2}, image_token_id=0, vocab_size=99, hidden_size=32)
model = Ovis2Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
