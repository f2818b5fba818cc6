"""auraloss: SNRLoss (auraloss.time), defaults, eval mode."""
import torch
from auraloss.time import SNRLoss

model = SNRLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
