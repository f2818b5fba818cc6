"""spandrel: FourierUnit (spandrel.architectures.LaMa.__arch.LaMa), small configuration, eval mode."""
import torch
from spandrel.architectures.LaMa.__arch.LaMa import FourierUnit

model = FourierUnit(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
