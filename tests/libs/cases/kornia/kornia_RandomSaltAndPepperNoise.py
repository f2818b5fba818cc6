"""kornia: RandomSaltAndPepperNoise (kornia.augmentation._2d.intensity.salt_pepper_noise), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from kornia.augmentation import RandomSaltAndPepperNoise

model = RandomSaltAndPepperNoise().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
