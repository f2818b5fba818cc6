"""segment_anything: MLPBlock (segment_anything.modeling.common), small configuration, eval mode."""
import torch
from segment_anything.modeling.common import MLPBlock

model = MLPBlock(embedding_dim=32, mlp_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
