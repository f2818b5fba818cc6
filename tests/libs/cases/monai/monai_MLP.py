"""monai: MLP (monai.networks.nets.vista3d), small configuration, eval mode."""
import torch
from monai.networks.nets.vista3d import MLP

model = MLP(input_dim=32, hidden_dim=32, output_dim=8, num_layers=2).eval()
example_args = (torch.randn(2, 16, 32),)
