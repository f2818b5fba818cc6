"""normflows: MaskedAffineAutoregressive (normflows.flows.affine.autoregressive), small configuration, eval mode."""
import torch
from normflows.flows import MaskedAffineAutoregressive

model = MaskedAffineAutoregressive(features=32, hidden_features=32).eval()
example_args = (torch.randn(2, 32),)
