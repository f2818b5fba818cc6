"""kornia: ImageSequential (kornia.augmentation.container.image), defaults, eval mode."""
import torch
from kornia.augmentation import ImageSequential

model = ImageSequential().eval()
example_args = (torch.randn(2, 3, 32, 32),)
