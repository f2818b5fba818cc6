"""open_clip: ClipLoss (open_clip.loss), defaults, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from open_clip import ClipLoss

model = ClipLoss().eval()
example_args = (torch.randn(2, 1), torch.randn(2, 1), torch.randn(2, 1),)
dynamic_shapes = {"image_features": {0: Dim("batch")}, "text_features": {0: Dim("batch")}, "logit_scale": {0: Dim("batch")}}
