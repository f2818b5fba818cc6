"""diffusers: KVAEAudioSnake1d (diffusers.models.autoencoders.autoencoder_kl_kvae_audio), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from diffusers.models.autoencoders.autoencoder_kl_kvae_audio import KVAEAudioSnake1d

model = KVAEAudioSnake1d(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"hidden_states": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
