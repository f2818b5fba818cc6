"""x_transformers: RecirculationMixer (x_transformers.recirculation), small configuration, eval mode."""
import torch
from x_transformers.recirculation import RecirculationMixer

model = RecirculationMixer(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
