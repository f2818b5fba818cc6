"""pytorch_tabnet: GBN (pytorch_tabnet.tab_network), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from pytorch_tabnet.tab_network import GBN

model = GBN(input_dim=32).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
