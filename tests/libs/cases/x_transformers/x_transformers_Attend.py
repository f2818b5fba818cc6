"""x_transformers: Attend (x_transformers.attend), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from x_transformers.attend import Attend

model = Attend().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"q": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}, "k": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}, "v": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
