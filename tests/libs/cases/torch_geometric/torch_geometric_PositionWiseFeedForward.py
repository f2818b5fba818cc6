"""torch_geometric: PositionWiseFeedForward (torch_geometric.llm.models.protein_mpnn), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from torch_geometric.llm.models.protein_mpnn import PositionWiseFeedForward

model = PositionWiseFeedForward(in_channels=3, hidden_channels=32).eval()
example_args = (torch.randn(2, 16, 3),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
