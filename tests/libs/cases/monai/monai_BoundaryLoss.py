"""monai: BoundaryLoss (monai.losses.boundary_loss), defaults, eval mode."""
import torch
from monai.losses import BoundaryLoss

model = BoundaryLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
