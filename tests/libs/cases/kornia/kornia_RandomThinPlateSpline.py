"""kornia: RandomThinPlateSpline (kornia.augmentation._2d.geometric.thin_plate_spline), defaults, eval mode."""
import torch
from kornia.augmentation import RandomThinPlateSpline

model = RandomThinPlateSpline().eval()
example_args = (torch.randn(2, 3, 32, 32),)
