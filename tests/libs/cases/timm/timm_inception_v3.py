"""timm.create_model("inception_v3", pretrained=False), eval mode."""
import torch
import timm

model = timm.create_model("inception_v3", pretrained=False).eval()
example_args = (torch.randn(1, 3, 96, 96),)
