"""diffusers: KVAEAudioEncoderBlock (diffusers.models.autoencoders.autoencoder_kl_kvae_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_kvae_audio import KVAEAudioEncoderBlock

model = KVAEAudioEncoderBlock(input_dim=16, output_dim=8).eval()
example_args = (torch.randn(2, 16, 16),)
