"""siren_pytorch: SirenNet (siren_pytorch.siren_pytorch), small configuration, eval mode."""
import torch
from siren_pytorch import SirenNet

model = SirenNet(dim_in=32, dim_hidden=32, dim_out=8, num_layers=2).eval()
example_args = (torch.randn(2, 16, 32),)
