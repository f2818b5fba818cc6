"""monai: DiceFocalLoss (monai.losses.dice), defaults, eval mode."""
import torch
from monai.losses import DiceFocalLoss

model = DiceFocalLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
