"""peft: MultiplicativeDropoutLayer (peft.tuners.boft.layer), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from peft.tuners.boft.layer import MultiplicativeDropoutLayer

model = MultiplicativeDropoutLayer().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
