"""monai: GeneralizedDiceLoss (monai.losses.dice), defaults, eval mode."""
import torch
from monai.losses import GeneralizedDiceLoss

model = GeneralizedDiceLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
