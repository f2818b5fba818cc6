"""smp.Unet("resnet18", encoder_weights=None, classes=2), eval mode."""
import torch
import segmentation_models_pytorch as smp

model = smp.Unet("resnet18", encoder_weights=None, classes=2).eval()
example_args = (torch.randn(1, 3, 64, 64),)
