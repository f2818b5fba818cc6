"""transformers (tipsv2): Tipsv2Model with Tipsv2Config shrunk, eval mode."""
import torch
from transformers import Tipsv2Config, Tipsv2Model

config = Tipsv2Config(text_config={'model_type': 'tipsv2_text_model', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4}, vision_config={'model_type': 'tipsv2_vision_model', 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8})
model = Tipsv2Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
