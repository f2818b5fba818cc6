"""monai: PatchMerging (monai.networks.nets.swin_unetr), small configuration, eval mode."""
import torch
from monai.networks.nets import PatchMerging

model = PatchMerging(dim=32).eval()
example_args = (torch.randn(2, 3, 64, 64),)
