"""monai: AEKLResBlock (monai.networks.nets.autoencoderkl), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.nets.autoencoderkl import AEKLResBlock

model = AEKLResBlock(spatial_dims=2, in_channels=4, norm_num_groups=4, norm_eps=0.1, out_channels=8).eval()
example_args = (torch.randn(2, 4, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
