"""spandrel: DITN_Real (spandrel.architectures.DITN.__arch.DITN_Real), defaults, eval mode."""
import torch
from spandrel.architectures.DITN.__arch.DITN_Real import DITN_Real

model = DITN_Real().eval()
example_args = (torch.randn(2, 3, 32, 32),)
