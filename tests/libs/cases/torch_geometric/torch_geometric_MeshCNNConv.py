"""torch_geometric: MeshCNNConv (torch_geometric.nn.conv.meshcnn_conv), small configuration, eval mode."""
import torch
from torch_geometric.nn import MeshCNNConv

model = MeshCNNConv(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(10, 3), torch.randint(0, 10, (2, 24)),)
