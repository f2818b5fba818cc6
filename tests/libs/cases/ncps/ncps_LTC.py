"""ncps: LTC (ncps.torch.ltc), small configuration, eval mode."""
import torch
from ncps.torch import LTC

model = LTC(input_size=32, units=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
