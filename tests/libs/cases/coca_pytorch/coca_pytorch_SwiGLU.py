"""coca_pytorch: SwiGLU (coca_pytorch.coca_pytorch), defaults, eval mode."""
import torch
from coca_pytorch.coca_pytorch import SwiGLU

model = SwiGLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
