"""tab_transformer_pytorch: NumericalEmbedder (tab_transformer_pytorch.ft_transformer), small configuration, eval mode."""
import torch
from tab_transformer_pytorch.ft_transformer import NumericalEmbedder

model = NumericalEmbedder(dim=32, num_numerical_types=16).eval()
example_args = (torch.randn(2, 16),)
