"""CaiT(image_size=64, patch_size=16, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128, cls_depth=1), eval mode."""
import torch
from vit_pytorch.cait import CaiT

model = CaiT(image_size=64, patch_size=16, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128, cls_depth=1).eval()
example_args = (torch.randn(1, 3, 64, 64),)
