"""monai: PatchDiscriminator (monai.networks.nets.patchgan_discriminator), small configuration, eval mode."""
import torch
from monai.networks.nets import PatchDiscriminator

model = PatchDiscriminator(spatial_dims=2, channels=32, in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
