"""mega_pytorch: OffsetScale (mega_pytorch.mega_pytorch), small configuration, eval mode."""
import torch
from mega_pytorch.mega_pytorch import OffsetScale

model = OffsetScale(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
