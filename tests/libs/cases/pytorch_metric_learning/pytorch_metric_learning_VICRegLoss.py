"""pytorch_metric_learning: VICRegLoss (pytorch_metric_learning.losses.vicreg_loss), defaults, eval mode."""
import torch
from pytorch_metric_learning.losses import VICRegLoss

model = VICRegLoss().eval()
example_args = (torch.randn(2, 1),)
