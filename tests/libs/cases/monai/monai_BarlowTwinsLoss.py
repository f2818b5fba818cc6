"""monai: BarlowTwinsLoss (monai.losses.barlow_twins), defaults, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from monai.losses import BarlowTwinsLoss

model = BarlowTwinsLoss().eval()
example_args = (torch.randn(2, 32), torch.randn(2, 32),)
dynamic_shapes = {"input": {0: Dim("batch")}, "target": {0: Dim("batch")}}
