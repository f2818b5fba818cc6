"""diffusers: MiniMaxH3AudioSnake1d (diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio import MiniMaxH3AudioSnake1d

model = MiniMaxH3AudioSnake1d(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"hidden_states": {0: Dim.AUTO}}
