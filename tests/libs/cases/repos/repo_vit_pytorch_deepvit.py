"""DeepViT(image_size=64, patch_size=16, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128), eval mode."""
import torch
from vit_pytorch.deepvit import DeepViT

model = DeepViT(image_size=64, patch_size=16, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128).eval()
example_args = (torch.randn(1, 3, 64, 64),)
