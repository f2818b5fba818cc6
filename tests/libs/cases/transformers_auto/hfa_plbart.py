"""transformers (plbart): PLBartModel with PLBartConfig shrunk, eval mode."""
import torch
from transformers import PLBartConfig, PLBartModel

config = PLBartConfig(vocab_size=99, encoder_layers=2, encoder_ffn_dim=37, encoder_attention_heads=4, decoder_layers=2, decoder_ffn_dim=37, decoder_attention_heads=4, d_model=32, use_cache=False)
model = PLBartModel(config).eval()
example_args = (torch.randint(0, 99, (2, 16)),)
