"""pytorch_tabnet: TabNetEncoder (pytorch_tabnet.tab_network), small configuration, eval mode."""
import torch
from pytorch_tabnet.tab_network import TabNetEncoder

model = TabNetEncoder(input_dim=32, output_dim=8).eval()
example_args = (torch.randn(2, 32),)
