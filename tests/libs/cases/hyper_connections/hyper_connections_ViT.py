"""hyper_connections: ViT (hyper_connections.vit), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from hyper_connections.vit import ViT

model = ViT(image_size=32, patch_size=8, num_classes=8, dim=32, depth=2, heads=2, mlp_dim=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"img": {0: Dim.AUTO}}
