"""transformers (pvt_v2): PvtV2Model with PvtV2Config shrunk, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from transformers import PvtV2Config, PvtV2Model

config = PvtV2Config(depths=[1, 1, 1, 1], num_attention_heads=[1, 1, 1, 1])
model = PvtV2Model(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pixel_values": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
