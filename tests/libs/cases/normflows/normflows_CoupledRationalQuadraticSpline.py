"""normflows: CoupledRationalQuadraticSpline (normflows.flows.neural_spline.wrapper), small configuration, eval mode."""
import torch
from normflows.flows import CoupledRationalQuadraticSpline

model = CoupledRationalQuadraticSpline(num_input_channels=32, num_blocks=2, num_hidden_channels=32).eval()
example_args = (torch.randn(2, 32),)
