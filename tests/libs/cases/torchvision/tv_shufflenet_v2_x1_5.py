"""torchvision.models.shufflenet_v2_x1_5(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.shufflenet_v2_x1_5(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
