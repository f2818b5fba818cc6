import torch
import torchvision
model = torchvision.models.resnet50(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
