"""diffusers: RFD4ProteinaTransition (diffusers.models.autoencoders.autoencoder_rfd4_proteina), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_rfd4_proteina import RFD4ProteinaTransition

model = RFD4ProteinaTransition(width=32).eval()
example_args = (torch.randn(2, 16, 32), torch.ones(2, 16, dtype=torch.bool),)
