"""pytorch_metric_learning: CenterInvariantRegularizer (pytorch_metric_learning.regularizers.center_invariant_regularizer), defaults, eval mode."""
import torch
from pytorch_metric_learning.regularizers import CenterInvariantRegularizer

model = CenterInvariantRegularizer().eval()
example_args = (torch.randn(2, 3, 32, 32),)
