"""pytorch_metric_learning: NegativeLpDistance (pytorch_metric_learning.trainers.deep_adversarial_metric_learning), defaults, eval mode."""
import torch
from pytorch_metric_learning.trainers.deep_adversarial_metric_learning import NegativeLpDistance

model = NegativeLpDistance().eval()
example_args = (torch.randn(2, 32),)
