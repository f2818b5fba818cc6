"""torch_geometric: LabelPropagation (torch_geometric.nn.models.label_prop), small configuration, eval mode."""
import torch
from torch_geometric.nn import LabelPropagation

model = LabelPropagation(num_layers=2, alpha=0.1).eval()
example_args = (torch.randn(10, 32), torch.randint(0, 10, (2, 24)),)
