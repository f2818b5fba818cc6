"""monai: TwoWayAttentionBlock (monai.networks.nets.vista3d), small configuration, eval mode."""
import torch
from monai.networks.nets.vista3d import TwoWayAttentionBlock

model = TwoWayAttentionBlock(embedding_dim=32, num_heads=2).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32), torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
