"""rotary_embedding_torch: RotaryEmbedding (rotary_embedding_torch.rotary_embedding_torch), small configuration, eval mode."""
import torch
from rotary_embedding_torch import RotaryEmbedding

model = RotaryEmbedding(dim=32).eval()
example_args = (torch.rand(2),)
