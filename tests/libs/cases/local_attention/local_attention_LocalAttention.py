"""local_attention: LocalAttention (local_attention.local_attention), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from local_attention import LocalAttention

model = LocalAttention(window_size=4).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"q": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "k": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "v": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
