"""normflows: ResidualNet (normflows.nets.resnet), small configuration, eval mode."""
import torch
from normflows.nets import ResidualNet

model = ResidualNet(in_features=32, out_features=8, hidden_features=32).eval()
example_args = (torch.randn(2, 16, 32),)
