"""transformers (ultravbert): UltraVBertModel with UltraVBertConfig shrunk, eval mode."""
import torch
from transformers import UltraVBertConfig, UltraVBertModel

config = UltraVBertConfig(text_config={'model_type': 'ultrabert', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'head_dim': 8}, vision_config={'model_type': 'siglip_vision_model', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8}, image_token_id=0)
model = UltraVBertModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
