"""T5EncoderModel with a tiny T5Config, eval mode. Dynamic batch and sequence."""
import torch
from torch.export import Dim
from transformers import T5Config, T5EncoderModel

config = T5Config(vocab_size=128, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4)
model = T5EncoderModel(config).eval()
example_args = (torch.randint(0, 128, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim("batch"), 1: Dim("seq", max=64)}}
