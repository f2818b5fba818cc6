"""siren_pytorch: Siren (siren_pytorch.siren_pytorch), small configuration, eval mode."""
import torch
from siren_pytorch import Siren

model = Siren(dim_in=32, dim_out=8).eval()
example_args = (torch.randn(2, 16, 32),)
