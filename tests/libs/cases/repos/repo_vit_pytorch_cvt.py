"""CvT(num_classes=10), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from vit_pytorch.cvt import CvT

model = CvT(num_classes=10).eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"x": {0: Dim("batch", min=1, max=64)}}
