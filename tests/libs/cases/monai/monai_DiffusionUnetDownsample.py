"""monai: DiffusionUnetDownsample (monai.networks.nets.diffusion_model_unet), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.nets.diffusion_model_unet import DiffusionUnetDownsample

model = DiffusionUnetDownsample(spatial_dims=2, num_channels=3, use_conv=False).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
