"""pytorch_tabnet: GLU_Layer (pytorch_tabnet.tab_network), small configuration, eval mode."""
import torch
from pytorch_tabnet.tab_network import GLU_Layer

model = GLU_Layer(input_dim=32, output_dim=8).eval()
example_args = (torch.randn(2, 16, 32),)
