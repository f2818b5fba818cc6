"""monai: GlobalMutualInformationLoss (monai.losses.image_dissimilarity), defaults, eval mode."""
import torch
from monai.losses import GlobalMutualInformationLoss

model = GlobalMutualInformationLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
