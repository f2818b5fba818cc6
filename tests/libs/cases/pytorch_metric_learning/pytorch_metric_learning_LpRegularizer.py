"""pytorch_metric_learning: LpRegularizer (pytorch_metric_learning.regularizers.lp_regularizer), defaults, eval mode."""
import torch
from pytorch_metric_learning.regularizers import LpRegularizer

model = LpRegularizer().eval()
example_args = (torch.randn(2, 3, 32, 32),)
