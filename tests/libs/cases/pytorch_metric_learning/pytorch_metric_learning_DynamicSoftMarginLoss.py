"""pytorch_metric_learning: DynamicSoftMarginLoss (pytorch_metric_learning.losses.dynamic_soft_margin_loss), defaults, eval mode."""
import torch
from pytorch_metric_learning.losses import DynamicSoftMarginLoss

model = DynamicSoftMarginLoss().eval()
example_args = (torch.randn(2, 1),)
