"""piq: FID (piq.fid), defaults, eval mode."""
import torch
from piq import FID

model = FID().eval()
example_args = (torch.randn(2, 32), torch.randn(2, 32),)
