"""transformers (modernvbert): ModernVBertModel with ModernVBertConfig shrunk, eval mode."""
import torch
from transformers import ModernVBertConfig, ModernVBertModel

config = ModernVBertConfig(text_config={'model_type': 'modernbert', 'vocab_size': 99, 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'pad_token_id': 0, 'eos_token_id': 0, 'bos_token_id': 0, 'cls_token_id': 0, 'sep_token_id': 0}, vision_config={'model_type': 'siglip_vision_model', 'hidden_size': 32, 'intermediate_size': 37, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'image_size': 32, 'patch_size': 8}, image_token_id=0)
model = ModernVBertModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
