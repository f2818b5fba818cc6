"""diffusers: MMAudioMelSpectrogram (diffusers.models.autoencoders.autoencoder_mmaudio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_mmaudio import MMAudioMelSpectrogram

model = MMAudioMelSpectrogram(sample_rate=32, n_fft=32, num_mels=32, hop_length=32).eval()
example_args = (torch.randn(2, 32),)
