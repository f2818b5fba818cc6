"""monai: TransformerBlock (monai.networks.blocks.transformerblock), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from monai.networks.blocks import TransformerBlock

model = TransformerBlock(hidden_size=32, mlp_dim=32, num_heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
