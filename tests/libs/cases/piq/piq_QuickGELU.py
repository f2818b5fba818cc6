"""piq: QuickGELU (piq.feature_extractors.clip), defaults, eval mode."""
import torch
from piq.feature_extractors.clip import QuickGELU

model = QuickGELU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
