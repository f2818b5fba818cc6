"""normflows: AutoregressiveRationalQuadraticSpline (normflows.flows.neural_spline.wrapper), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from normflows.flows import AutoregressiveRationalQuadraticSpline

model = AutoregressiveRationalQuadraticSpline(num_input_channels=32, num_blocks=2, num_hidden_channels=32).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"z": {0: Dim.AUTO}}
