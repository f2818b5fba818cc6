"""squeezenet_v1_1(pretrained=False), eval mode."""
import torch
from pytorchcv.models.squeezenet import squeezenet_v1_1

model = squeezenet_v1_1(pretrained=False).eval()
example_args = (torch.randn(1, 3, 224, 224),)
