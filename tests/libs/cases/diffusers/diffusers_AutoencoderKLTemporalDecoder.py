"""diffusers: AutoencoderKLTemporalDecoder (diffusers.models.autoencoders.autoencoder_kl_temporal_decoder), defaults, eval mode."""
import torch
from diffusers import AutoencoderKLTemporalDecoder

model = AutoencoderKLTemporalDecoder().eval()
example_args = (torch.randn(2, 3, 32, 32),)
