"""diffusers: MiniMaxH3AudioGeGluMlp (diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_minimax_h3_audio import MiniMaxH3AudioGeGluMlp

model = MiniMaxH3AudioGeGluMlp(in_features=32, hidden_features=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"hidden_states": {0: Dim("batch"), 1: Dim("seq")}}
