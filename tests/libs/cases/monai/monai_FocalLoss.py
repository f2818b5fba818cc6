"""monai: FocalLoss (monai.losses.focal_loss), defaults, eval mode."""
import torch
from monai.losses import FocalLoss

model = FocalLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
