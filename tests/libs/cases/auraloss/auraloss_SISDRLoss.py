"""auraloss: SISDRLoss (auraloss.time), defaults, eval mode."""
import torch
from auraloss.time import SISDRLoss

model = SISDRLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
