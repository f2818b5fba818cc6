"""MLPMixer(image_size=64, channels=3, patch_size=16, dim=128, depth=2, num_classes=10), eval mode."""
import torch
from mlp_mixer_pytorch import MLPMixer

model = MLPMixer(image_size=64, channels=3, patch_size=16, dim=128, depth=2, num_classes=10).eval()
example_args = (torch.randn(1, 3, 64, 64),)
