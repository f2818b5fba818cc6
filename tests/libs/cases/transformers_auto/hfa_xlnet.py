"""transformers (xlnet): XLNetModel with XLNetConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import XLNetConfig, XLNetModel

config = XLNetConfig(vocab_size=99, d_model=32, n_layer=2, n_head=4)
model = XLNetModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
