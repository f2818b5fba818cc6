"""ViT(image_size=64, patch_size=16, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from vit_pytorch import ViT

model = ViT(image_size=64, patch_size=16, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128).eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"img": {0: Dim("batch", min=1, max=64)}}
