"""monai: StemTS (monai.networks.nets.dints), defaults, eval mode."""
import torch
from monai.networks.nets.dints import StemTS

model = StemTS().eval()
example_args = (torch.randn(2, 3, 32, 32),)
