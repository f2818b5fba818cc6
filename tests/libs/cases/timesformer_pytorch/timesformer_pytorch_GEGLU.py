"""timesformer_pytorch: GEGLU (timesformer_pytorch.timesformer_pytorch), defaults, eval mode."""
import torch
from timesformer_pytorch.timesformer_pytorch import GEGLU

model = GEGLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
