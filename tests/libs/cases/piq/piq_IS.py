"""piq: IS (piq.isc), defaults, eval mode."""
import torch
from piq import IS

model = IS().eval()
example_args = (torch.randn(2, 32), torch.randn(2, 32),)
