"""tab_transformer_pytorch: GEGLU (tab_transformer_pytorch.ft_transformer), defaults, eval mode."""
import torch
from tab_transformer_pytorch.ft_transformer import GEGLU

model = GEGLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
