"""diffusers: RAEDecoder (diffusers.models.autoencoders.autoencoder_rae), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_rae import RAEDecoder

model = RAEDecoder(hidden_size=32, decoder_hidden_size=32, decoder_num_hidden_layers=2, decoder_num_attention_heads=2, image_size=32).eval()
example_args = (torch.randn(2, 16, 32),)
