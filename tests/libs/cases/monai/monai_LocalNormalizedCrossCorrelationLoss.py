"""monai: LocalNormalizedCrossCorrelationLoss (monai.losses.image_dissimilarity), small configuration, eval mode."""
import torch
from monai.losses import LocalNormalizedCrossCorrelationLoss

model = LocalNormalizedCrossCorrelationLoss(spatial_dims=2).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
