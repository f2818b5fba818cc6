"""monai: SegResNetDS (monai.networks.nets.segresnet_ds), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.nets import SegResNetDS

model = SegResNetDS(spatial_dims=2).eval()
example_args = (torch.randn(2, 1, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
