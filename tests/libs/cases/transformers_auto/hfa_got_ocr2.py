"""transformers (got_ocr2): GotOcr2Model with GotOcr2Config shrunk, eval mode."""
import torch
from transformers import GotOcr2Config, GotOcr2Model

config = GotOcr2Config(vision_config={'model_type': 'got_ocr2_vision', 'hidden_size': 32, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8, 'mlp_dim': 37}, text_config={'model_type': 'qwen2', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2})
model = GotOcr2Model(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
