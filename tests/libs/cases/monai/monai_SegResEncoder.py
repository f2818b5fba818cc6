"""monai: SegResEncoder (monai.networks.nets.segresnet_ds), small configuration, eval mode."""
import torch
from monai.networks.nets.segresnet_ds import SegResEncoder

model = SegResEncoder(spatial_dims=2).eval()
example_args = (torch.randn(2, 1, 32, 32),)
