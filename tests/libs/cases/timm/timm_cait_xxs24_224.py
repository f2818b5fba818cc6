"""timm.create_model("cait_xxs24_224", pretrained=False), eval mode."""
import torch
import timm

model = timm.create_model("cait_xxs24_224", pretrained=False).eval()
example_args = (torch.randn(1, 3, 224, 224),)
