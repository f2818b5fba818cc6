"""monai: MaskedAutoEncoderViT (monai.networks.nets.masked_autoencoder_vit), small configuration, eval mode."""
import torch
from monai.networks.nets import MaskedAutoEncoderViT

model = MaskedAutoEncoderViT(in_channels=3, img_size=32, patch_size=8, hidden_size=32, mlp_dim=32, num_layers=2, num_heads=2, decoder_hidden_size=32, decoder_mlp_dim=32, decoder_num_layers=2, decoder_num_heads=2, spatial_dims=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
