"""gateloop_transformer: Transformer (gateloop_transformer.gateloop_transformer), small configuration, eval mode."""
import torch
from gateloop_transformer import Transformer

model = Transformer(dim=32, num_tokens=64, depth=2).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
