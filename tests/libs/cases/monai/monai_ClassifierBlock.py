"""monai: ClassifierBlock (monai.networks.nets.quicknat), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.nets.quicknat import ClassifierBlock

model = ClassifierBlock(spatial_dims=2, in_channels=1, out_channels=8, strides=16, kernel_size=3).eval()
example_args = (torch.randn(2, 1, 32, 32),)
dynamic_shapes = {"input": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
