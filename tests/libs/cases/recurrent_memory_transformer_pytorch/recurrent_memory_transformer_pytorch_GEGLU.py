"""recurrent_memory_transformer_pytorch: GEGLU (recurrent_memory_transformer_pytorch.recurrent_memory_transformer), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from recurrent_memory_transformer_pytorch.recurrent_memory_transformer import GEGLU

model = GEGLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
