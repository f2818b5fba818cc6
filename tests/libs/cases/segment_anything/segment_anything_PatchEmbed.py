"""segment_anything: PatchEmbed (segment_anything.modeling.image_encoder), defaults, eval mode."""
import torch
from segment_anything.modeling.image_encoder import PatchEmbed

model = PatchEmbed().eval()
example_args = (torch.randn(2, 3, 32, 32),)
