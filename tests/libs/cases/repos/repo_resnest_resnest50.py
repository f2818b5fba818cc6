"""resnest50(pretrained=False), eval mode."""
import torch
from resnest.torch import resnest50

model = resnest50(pretrained=False).eval()
example_args = (torch.randn(1, 3, 64, 64),)
