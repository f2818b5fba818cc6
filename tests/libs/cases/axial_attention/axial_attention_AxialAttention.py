"""axial_attention: AxialAttention (axial_attention.axial_attention), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from axial_attention import AxialAttention

model = AxialAttention(dim=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
