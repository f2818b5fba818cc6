"""timm.create_model("seresnext26d_32x4d", pretrained=False), eval mode."""
import torch
import timm

model = timm.create_model("seresnext26d_32x4d", pretrained=False).eval()
example_args = (torch.randn(1, 3, 64, 64),)
