"""kornia: RandomPlanckianJitter (kornia.augmentation._2d.intensity.planckian_jitter), defaults, eval mode."""
import torch
from kornia.augmentation import RandomPlanckianJitter

model = RandomPlanckianJitter().eval()
example_args = (torch.randn(2, 3, 32, 32),)
