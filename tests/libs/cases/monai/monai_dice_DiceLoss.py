"""monai: DiceLoss (monai.losses.dice), defaults, eval mode."""
import torch
from monai.losses import DiceLoss

model = DiceLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
