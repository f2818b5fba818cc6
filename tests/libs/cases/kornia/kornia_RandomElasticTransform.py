"""kornia: RandomElasticTransform (kornia.augmentation._2d.geometric.elastic_transform), defaults, eval mode."""
import torch
from kornia.augmentation import RandomElasticTransform

model = RandomElasticTransform().eval()
example_args = (torch.randn(2, 3, 32, 32),)
