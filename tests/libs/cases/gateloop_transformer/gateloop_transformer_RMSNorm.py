"""gateloop_transformer: RMSNorm (gateloop_transformer.gateloop_transformer), small configuration, eval mode."""
import torch
from gateloop_transformer.gateloop_transformer import RMSNorm

model = RMSNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
