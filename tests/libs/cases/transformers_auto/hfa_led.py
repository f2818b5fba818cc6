"""transformers (led): LEDModel with LEDConfig shrunk, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from transformers import LEDConfig, LEDModel

config = LEDConfig(vocab_size=99, encoder_layers=2, encoder_ffn_dim=37, encoder_attention_heads=4, decoder_layers=2, decoder_ffn_dim=37, decoder_attention_heads=4, d_model=32, use_cache=False)
model = LEDModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
dynamic_shapes = {"input_ids": {0: Dim.AUTO, 1: Dim.AUTO}}
