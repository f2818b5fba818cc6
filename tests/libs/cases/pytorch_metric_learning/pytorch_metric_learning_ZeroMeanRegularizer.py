"""pytorch_metric_learning: ZeroMeanRegularizer (pytorch_metric_learning.regularizers.zero_mean_regularizer), defaults, eval mode."""
import torch
from pytorch_metric_learning.regularizers import ZeroMeanRegularizer

model = ZeroMeanRegularizer().eval()
example_args = (torch.randn(2, 3, 32, 32),)
