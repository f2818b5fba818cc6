"""monai: HausdorffDTLoss (monai.losses.hausdorff_loss), defaults, eval mode."""
import torch
from monai.losses import HausdorffDTLoss

model = HausdorffDTLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
