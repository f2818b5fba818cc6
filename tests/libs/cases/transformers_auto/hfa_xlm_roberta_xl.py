"""transformers (xlm-roberta-xl): XLMRobertaXLModel with XLMRobertaXLConfig shrunk, eval mode."""
import torch
from transformers import XLMRobertaXLConfig, XLMRobertaXLModel

config = XLMRobertaXLConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, use_cache=False)
model = XLMRobertaXLModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
