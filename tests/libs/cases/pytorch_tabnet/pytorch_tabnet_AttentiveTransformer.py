"""pytorch_tabnet: AttentiveTransformer (pytorch_tabnet.tab_network), small configuration, eval mode."""
import torch
from pytorch_tabnet.tab_network import AttentiveTransformer

model = AttentiveTransformer(input_dim=64, group_dim=64, group_matrix=16).eval()
example_args = (torch.randn(2, 64), torch.randn(2, 64),)
