"""conformer: Swish (conformer.conformer), defaults, eval mode."""
import torch
from conformer.conformer import Swish

model = Swish().eval()
example_args = (torch.randn(2, 3, 32, 32),)
