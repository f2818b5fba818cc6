"""tab_transformer_pytorch: GEGLU (tab_transformer_pytorch.tab_transformer_pytorch), defaults, eval mode."""
import torch
from tab_transformer_pytorch.tab_transformer_pytorch import GEGLU

model = GEGLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
