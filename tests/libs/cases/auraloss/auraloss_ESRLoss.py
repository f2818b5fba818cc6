"""auraloss: ESRLoss (auraloss.time), defaults, eval mode."""
import torch
from auraloss.time import ESRLoss

model = ESRLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
