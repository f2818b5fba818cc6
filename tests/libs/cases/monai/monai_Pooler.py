"""monai: Pooler (monai.networks.nets.transchex), small configuration, eval mode."""
import torch
from monai.networks.nets import Pooler

model = Pooler(hidden_size=32).eval()
example_args = (torch.randn(2, 16, 32),)
