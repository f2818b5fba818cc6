"""transformers (mobilebert): MobileBertModel with MobileBertConfig shrunk, eval mode."""
import torch
from transformers import MobileBertConfig, MobileBertModel

config = MobileBertConfig(vocab_size=99, hidden_size=32, num_hidden_layers=2, intermediate_size=37, embedding_size=32)
model = MobileBertModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
