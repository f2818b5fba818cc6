"""palm_pytorch: AlibiPositionalBias (palm_pytorch.palm_lite), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from palm_pytorch.palm_lite import AlibiPositionalBias

model = AlibiPositionalBias(heads=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"qk_sim": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
