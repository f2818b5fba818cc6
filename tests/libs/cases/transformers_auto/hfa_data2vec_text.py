"""transformers (data2vec-text): Data2VecTextModel with Data2VecTextConfig shrunk, eval mode."""
import torch
from transformers import Data2VecTextConfig, Data2VecTextModel

config = Data2VecTextConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37, use_cache=False)
model = Data2VecTextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
