"""piq: PR (piq.pr), defaults, eval mode."""
import torch
from piq import PR

model = PR().eval()
example_args = (torch.randn(10, 32), torch.randn(10, 32),)
