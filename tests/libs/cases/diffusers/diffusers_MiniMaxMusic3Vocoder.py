"""diffusers: MiniMaxMusic3Vocoder (diffusers.models.autoencoders.minimax_music3_vocoder), small configuration, eval mode. Dynamic batch, time."""
import torch
from torch.export import Dim
from diffusers import MiniMaxMusic3Vocoder

model = MiniMaxMusic3Vocoder(latent_channels=32, decoder_input_dim=32, decoder_hidden_dim=32).eval()
example_args = (torch.randn(2, 32, 64),)
dynamic_shapes = {"latents": {0: Dim("batch"), 2: Dim("time")}}
