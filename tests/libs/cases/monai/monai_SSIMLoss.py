"""monai: SSIMLoss (monai.losses.ssim_loss), small configuration, eval mode."""
import torch
from monai.losses import SSIMLoss

model = SSIMLoss(spatial_dims=2).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
