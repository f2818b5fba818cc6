"""torch_geometric: VecLayerNorm (torch_geometric.nn.models.visnet), small configuration, eval mode."""
import torch
from torch_geometric.nn.models.visnet import VecLayerNorm

model = VecLayerNorm(hidden_channels=64, trainable=False).eval()
example_args = (torch.randn(2, 3, 64),)
