"""segment_anything: Block (segment_anything.modeling.image_encoder), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from segment_anything.modeling.image_encoder import Block

model = Block(dim=32, num_heads=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
