"""e3nn: SphericalHarmonicsAlphaBeta (e3nn.o3._angular_spherical_harmonics), small configuration, eval mode."""
import torch
from e3nn.o3 import SphericalHarmonicsAlphaBeta

model = SphericalHarmonicsAlphaBeta(l=16).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
