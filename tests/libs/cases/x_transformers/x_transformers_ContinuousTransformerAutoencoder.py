"""x_transformers: ContinuousTransformerAutoencoder (x_transformers.continuous_autoencoder), small configuration, eval mode."""
import torch
from x_transformers.continuous_autoencoder import ContinuousTransformerAutoencoder

model = ContinuousTransformerAutoencoder(dim=32, enc_depth=2, dec_depth=2, max_seq_len=16).eval()
example_args = (torch.randn(2, 16, 32),)
