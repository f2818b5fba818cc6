"""spandrel: MeanShift (spandrel.architectures.IPT.__arch.common), small configuration, eval mode."""
import torch
from spandrel.architectures.IPT.__arch.common import MeanShift

model = MeanShift(rgb_range=16).eval()
example_args = (torch.randn(2, 3, 32, 32),)
