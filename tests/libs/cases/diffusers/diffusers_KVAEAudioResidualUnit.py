"""diffusers: KVAEAudioResidualUnit (diffusers.models.autoencoders.autoencoder_kl_kvae_audio), defaults, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_kvae_audio import KVAEAudioResidualUnit

model = KVAEAudioResidualUnit().eval()
example_args = (torch.randn(2, 16, 32),)
