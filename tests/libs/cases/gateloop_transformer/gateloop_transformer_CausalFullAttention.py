"""gateloop_transformer: CausalFullAttention (gateloop_transformer.gateloop_transformer), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from gateloop_transformer import CausalFullAttention

model = CausalFullAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
