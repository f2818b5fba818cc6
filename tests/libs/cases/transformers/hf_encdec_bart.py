"""The encoder of BartModel with a tiny BartConfig, eval mode."""
import torch
from transformers import BartConfig, BartModel

config = BartConfig(
    vocab_size=128, max_position_embeddings=64, d_model=64, encoder_layers=2, decoder_layers=2,
    encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=128, decoder_ffn_dim=128
)
model = BartModel(config).get_encoder().eval()
example_args = (torch.randint(0, 128, (2, 16)),)
