"""transformers (modernbert): ModernBertModel with ModernBertConfig shrunk, eval mode."""
import torch
from transformers import ModernBertConfig, ModernBertModel

config = ModernBertConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4, pad_token_id=0, eos_token_id=0, bos_token_id=0, cls_token_id=0, sep_token_id=0)
model = ModernBertModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
