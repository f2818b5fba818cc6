"""open_clip: MultimodalTransformer (open_clip.transformer), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from open_clip.transformer import MultimodalTransformer

model = MultimodalTransformer(width=32, layers=2, heads=2).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
dynamic_shapes = {"image_embs": {0: Dim.AUTO, 1: Dim.AUTO}, "text_embs": {0: Dim.AUTO, 1: Dim.AUTO}}
