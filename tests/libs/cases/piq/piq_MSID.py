"""piq: MSID (piq.msid), defaults, eval mode."""
import torch
from piq import MSID

model = MSID().eval()
example_args = (torch.randn(10, 32), torch.randn(10, 32),)
