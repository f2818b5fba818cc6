"""transformers (rembert): RemBertModel with RemBertConfig shrunk, eval mode."""
import torch
from transformers import RemBertConfig, RemBertModel

config = RemBertConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, bos_token_id=0, eos_token_id=0, use_cache=False)
model = RemBertModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
