"""monai: SegResNet (monai.networks.nets.segresnet), defaults, eval mode."""
import torch
from monai.networks.nets import SegResNet

model = SegResNet().eval()
example_args = (torch.randn(2, 1, 16, 16, 16),)
