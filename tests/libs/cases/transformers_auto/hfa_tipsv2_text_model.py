"""transformers (tipsv2_text_model): Tipsv2TextModel with Tipsv2TextConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import Tipsv2TextConfig, Tipsv2TextModel

config = Tipsv2TextConfig(vocab_size=99, hidden_size=32, intermediate_size=37, num_hidden_layers=2, num_attention_heads=4)
model = Tipsv2TextModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
