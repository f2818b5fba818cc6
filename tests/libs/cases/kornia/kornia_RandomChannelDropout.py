"""kornia: RandomChannelDropout (kornia.augmentation._2d.intensity.channel_dropout), defaults, eval mode."""
import torch
from kornia.augmentation import RandomChannelDropout

model = RandomChannelDropout().eval()
example_args = (torch.randn(2, 1, 32, 32),)
