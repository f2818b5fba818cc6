"""segment_anything: Attention (segment_anything.modeling.image_encoder), small configuration, eval mode."""
import torch
from segment_anything.modeling.image_encoder import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
