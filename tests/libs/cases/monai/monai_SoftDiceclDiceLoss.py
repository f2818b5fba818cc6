"""monai: SoftDiceclDiceLoss (monai.losses.cldice), defaults, eval mode."""
import torch
from monai.losses import SoftDiceclDiceLoss

model = SoftDiceclDiceLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
