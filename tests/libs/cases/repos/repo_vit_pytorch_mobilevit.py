"""MobileViT(image_size=(64, 64), dims=[96, 120, 144], channels=[16, 32, 48, 48, 64, 64, 80, 80, 96, 96, 384], num_classes=10), eval mode."""
import torch
from vit_pytorch.mobile_vit import MobileViT

model = MobileViT(image_size=(64, 64), dims=[96, 120, 144], channels=[16, 32, 48, 48, 64, 64, 80, 80, 96, 96, 384], num_classes=10).eval()
example_args = (torch.randn(1, 3, 64, 64),)
