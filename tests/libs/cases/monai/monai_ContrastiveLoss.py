"""monai: ContrastiveLoss (monai.losses.contrastive), defaults, eval mode."""
import torch
from monai.losses import ContrastiveLoss

model = ContrastiveLoss().eval()
example_args = (torch.randn(2, 32), torch.randn(2, 32),)
