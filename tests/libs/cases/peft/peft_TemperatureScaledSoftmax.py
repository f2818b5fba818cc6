"""peft: TemperatureScaledSoftmax (peft.tuners.xlora.classifier), defaults, eval mode."""
import torch
from peft.tuners.xlora.classifier import TemperatureScaledSoftmax

model = TemperatureScaledSoftmax().eval()
example_args = (torch.randn(2, 3, 32, 32),)
