"""mega_pytorch: MultiHeadedEMA (mega_pytorch.mega_pytorch), small configuration, eval mode."""
import torch
from mega_pytorch import MultiHeadedEMA

model = MultiHeadedEMA(dim=32, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
