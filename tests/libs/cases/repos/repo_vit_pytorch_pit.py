"""PiT(image_size=64, patch_size=8, dim=64, num_classes=10, depth=(1, 1, 1), heads=4, mlp_dim=128), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from vit_pytorch.pit import PiT

model = PiT(image_size=64, patch_size=8, dim=64, num_classes=10, depth=(1, 1, 1), heads=4, mlp_dim=128).eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"img": {0: Dim.AUTO}}
