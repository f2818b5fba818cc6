"""monai: MaskedDiceLoss (monai.losses.dice), defaults, eval mode."""
import torch
from monai.losses import MaskedDiceLoss

model = MaskedDiceLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
