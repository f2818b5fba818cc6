"""torch_geometric: RECT_L (torch_geometric.nn.models.rect), small configuration, eval mode."""
import torch
from torch_geometric.nn import RECT_L

model = RECT_L(in_channels=3, hidden_channels=32).eval()
example_args = (torch.randn(2, 16, 3), torch.randint(0, 10, (2, 24)),)
