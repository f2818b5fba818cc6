"""monai: TwoWayTransformer (monai.networks.nets.vista3d), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from monai.networks.nets.vista3d import TwoWayTransformer

model = TwoWayTransformer(depth=2, embedding_dim=16, num_heads=2, mlp_dim=16).eval()
example_args = (torch.randn(2, 16, 16), torch.randn(2, 16, 16), torch.randn(2, 16, 16),)
dynamic_shapes = {"image_embedding": {0: Dim.AUTO}, "image_pe": {0: Dim.AUTO}, "point_embedding": {0: Dim.AUTO}}
