"""pytorch_tabnet: Entmax15 (pytorch_tabnet.sparsemax), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from pytorch_tabnet.sparsemax import Entmax15

model = Entmax15().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
