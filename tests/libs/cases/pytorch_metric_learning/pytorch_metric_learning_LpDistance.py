"""pytorch_metric_learning: LpDistance (pytorch_metric_learning.distances.lp_distance), defaults, eval mode."""
import torch
from pytorch_metric_learning.distances import LpDistance

model = LpDistance().eval()
example_args = (torch.randn(2, 32),)
