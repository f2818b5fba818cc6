"""monai: AsymmetricFocalLoss (monai.losses.unified_focal_loss), defaults, eval mode."""
import torch
from monai.losses.unified_focal_loss import AsymmetricFocalLoss

model = AsymmetricFocalLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
