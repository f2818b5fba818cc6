"""egnn_pytorch: Attention_Sparse (egnn_pytorch.egnn_pytorch_geometric), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from egnn_pytorch.egnn_pytorch_geometric import Attention_Sparse

model = Attention_Sparse(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 8, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}, "context": {0: Dim("batch")}}
