"""monai: PatchMergingV2 (monai.networks.nets.swin_unetr), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from monai.networks.nets import PatchMergingV2

model = PatchMergingV2(dim=32).eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"x": {0: Dim("batch")}}
