"""piq: ResidualAttentionBlock (piq.feature_extractors.clip), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from piq.feature_extractors.clip import ResidualAttentionBlock

model = ResidualAttentionBlock(d_model=32, n_head=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
