"""diffusers: KVAEAudioAttention (diffusers.models.autoencoders.autoencoder_kl_kvae_audio), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_kvae_audio import KVAEAudioAttention

model = KVAEAudioAttention(dim=32, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"hidden_states": {0: Dim.AUTO, 1: Dim.AUTO}}
