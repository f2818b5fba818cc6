"""transformers (swiftformer): SwiftFormerModel with SwiftFormerConfig shrunk, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from transformers import SwiftFormerConfig, SwiftFormerModel

config = SwiftFormerConfig(image_size=32, depths=[1, 1, 1, 1], embed_dims=[16, 18, 37, 73])
model = SwiftFormerModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
