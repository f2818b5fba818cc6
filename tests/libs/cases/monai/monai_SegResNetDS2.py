"""monai: SegResNetDS2 (monai.networks.nets.segresnet_ds), small configuration, eval mode."""
import torch
from monai.networks.nets import SegResNetDS2

model = SegResNetDS2(spatial_dims=2).eval()
example_args = (torch.randn(2, 1, 32, 32),)
