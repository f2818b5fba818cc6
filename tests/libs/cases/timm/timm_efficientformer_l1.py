"""timm.create_model("efficientformer_l1", pretrained=False), eval mode."""
import torch
import timm

model = timm.create_model("efficientformer_l1", pretrained=False).eval()
example_args = (torch.randn(1, 3, 224, 224),)
