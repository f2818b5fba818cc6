"""kornia: RandomTranslate (kornia.augmentation._2d.geometric.translate), defaults, eval mode."""
import torch
from kornia.augmentation import RandomTranslate

model = RandomTranslate().eval()
example_args = (torch.randn(2, 3, 32, 32),)
