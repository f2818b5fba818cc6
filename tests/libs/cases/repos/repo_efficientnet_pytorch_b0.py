"""EfficientNet.from_name("efficientnet-b0"), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from efficientnet_pytorch import EfficientNet

model = EfficientNet.from_name("efficientnet-b0").eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"inputs": {0: Dim("batch", min=1, max=64)}}
