"""T2TViT(dim=64, image_size=64, depth=2, heads=4, mlp_dim=128, num_classes=10, t2t_layers=((7, 4), (3, 2), (3, 2))), eval mode."""
import torch
from vit_pytorch.t2t import T2TViT

model = T2TViT(dim=64, image_size=64, depth=2, heads=4, mlp_dim=128, num_classes=10, t2t_layers=((7, 4), (3, 2), (3, 2))).eval()
example_args = (torch.randn(1, 3, 64, 64),)
