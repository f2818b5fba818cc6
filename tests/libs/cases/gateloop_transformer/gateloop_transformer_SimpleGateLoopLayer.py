"""gateloop_transformer: SimpleGateLoopLayer (gateloop_transformer.simplified_gate_loop), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from gateloop_transformer import SimpleGateLoopLayer

model = SimpleGateLoopLayer(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
