"""x_clip: CLIP (x_clip.x_clip), small configuration, eval mode. Dynamic batch, height, seq, width."""
import torch
from torch.export import Dim
from x_clip import CLIP

model = CLIP(dim_text=32, dim_image=32, dim_latent=32, text_enc_depth=2, text_heads=2, visual_enc_depth=2, visual_heads=2).eval()
example_args = (torch.randint(0, 64, (2, 16)), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"text": {0: Dim("batch"), 1: Dim("seq")}, "image": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
