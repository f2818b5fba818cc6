"""segment_anything: MLP (segment_anything.modeling.mask_decoder), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from segment_anything.modeling.mask_decoder import MLP

model = MLP(input_dim=32, hidden_dim=32, output_dim=8, num_layers=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
