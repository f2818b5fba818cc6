"""gateloop_transformer: GateLoopedAttention (gateloop_transformer.gateloop_transformer), small configuration, eval mode."""
import torch
from gateloop_transformer import GateLoopedAttention

model = GateLoopedAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
