"""entmax: Entmax15 (entmax.activations), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from entmax import Entmax15

model = Entmax15().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"X": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
