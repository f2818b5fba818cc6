"""kornia: RandomChannelShuffle (kornia.augmentation._2d.intensity.channel_shuffle), defaults, eval mode."""
import torch
from kornia.augmentation import RandomChannelShuffle

model = RandomChannelShuffle().eval()
example_args = (torch.randn(2, 3, 32, 32),)
