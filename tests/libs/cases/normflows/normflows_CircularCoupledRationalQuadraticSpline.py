"""normflows: CircularCoupledRationalQuadraticSpline (normflows.flows.neural_spline.wrapper), small configuration, eval mode."""
import torch
from normflows.flows import CircularCoupledRationalQuadraticSpline

model = CircularCoupledRationalQuadraticSpline(num_input_channels=64, num_blocks=2, num_hidden_channels=64, ind_circ=16).eval()
example_args = (torch.randn(2, 64),)
