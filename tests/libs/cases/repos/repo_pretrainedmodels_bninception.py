"""pretrainedmodels.__dict__["bninception"](num_classes=1000, pretrained=None), eval mode."""
import torch
import pretrainedmodels

model = pretrainedmodels.__dict__["bninception"](num_classes=1000, pretrained=None).eval()
example_args = (torch.randn(1, 3, 224, 224),)
