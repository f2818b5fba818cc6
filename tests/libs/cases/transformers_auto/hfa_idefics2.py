"""transformers (idefics2): Idefics2Model with Idefics2Config shrunk, eval mode."""
import torch
from transformers import Idefics2Config, Idefics2Model

config = Idefics2Config(image_token_id=0, vision_config={'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8}, perceiver_config={'hidden_size': 32, 'num_key_value_heads': 2}, text_config={'model_type': 'mistral', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8}, use_cache=False)
model = Idefics2Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
