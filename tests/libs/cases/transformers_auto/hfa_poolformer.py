"""transformers (poolformer): PoolFormerModel with PoolFormerConfig shrunk, eval mode."""
import torch
from transformers import PoolFormerConfig, PoolFormerModel

config = PoolFormerConfig(patch_size=8, depths=[1, 1, 1, 1], hidden_sizes=[16, 32, 80, 128])
model = PoolFormerModel(config).eval()
example_args = (torch.randn(2, 3, 32, 32),)
