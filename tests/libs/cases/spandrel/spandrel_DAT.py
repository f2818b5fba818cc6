"""spandrel: DAT (spandrel.architectures.DAT.__arch.DAT), small configuration, eval mode."""
import torch
from spandrel.architectures.DAT import DAT

model = DAT(img_size=32, embed_dim=32, depth=[1, 1, 1, 1]).eval()
example_args = (torch.randn(2, 3, 32, 32),)
