"""transformers (dinov3_convnext): DINOv3ConvNextModel with DINOv3ConvNextConfig shrunk, eval mode."""
import torch
from transformers import DINOv3ConvNextConfig, DINOv3ConvNextModel

config = DINOv3ConvNextConfig(hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1], image_size=32)
model = DINOv3ConvNextModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
