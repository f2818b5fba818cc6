"""piq: Transformer (piq.feature_extractors.clip), small configuration, eval mode."""
import torch
from piq.feature_extractors.clip import Transformer

model = Transformer(width=32, layers=2, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
