"""segment_anything: ImageEncoderViT (segment_anything.modeling.image_encoder), small configuration, eval mode."""
import torch
from segment_anything.modeling import ImageEncoderViT

model = ImageEncoderViT(img_size=32, embed_dim=32, depth=2, num_heads=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
