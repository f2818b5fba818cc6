"""timm.create_model("resnetv2_50", pretrained=False), eval mode."""
import torch
import timm

model = timm.create_model("resnetv2_50", pretrained=False).eval()
example_args = (torch.randn(1, 3, 64, 64),)
