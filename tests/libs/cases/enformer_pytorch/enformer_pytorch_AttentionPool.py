"""enformer_pytorch: AttentionPool (enformer_pytorch.modeling_enformer), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from enformer_pytorch import AttentionPool

model = AttentionPool(dim=16).eval()
example_args = (torch.randn(2, 16, 16),)
dynamic_shapes = {"x": {0: Dim("batch")}}
