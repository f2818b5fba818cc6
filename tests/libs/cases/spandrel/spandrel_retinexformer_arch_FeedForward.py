"""spandrel: FeedForward (spandrel.architectures.RetinexFormer.__arch.retinexformer_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.RetinexFormer.__arch.retinexformer_arch import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
