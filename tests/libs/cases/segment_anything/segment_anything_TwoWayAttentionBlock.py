"""segment_anything: TwoWayAttentionBlock (segment_anything.modeling.transformer), small configuration, eval mode."""
import torch
from segment_anything.modeling.transformer import TwoWayAttentionBlock

model = TwoWayAttentionBlock(embedding_dim=32, num_heads=2).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32), torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
