"""timm.create_model("tinynet_e", pretrained=False), eval mode."""
import torch
import timm

model = timm.create_model("tinynet_e", pretrained=False).eval()
example_args = (torch.randn(1, 3, 64, 64),)
