"""mega_pytorch: SingleHeadedAttention (mega_pytorch.mega_pytorch), small configuration, eval mode."""
import torch
from mega_pytorch.mega_pytorch import SingleHeadedAttention

model = SingleHeadedAttention(dim=32, dim_qk=32, dim_value=32).eval()
example_args = (torch.randn(2, 16, 32),)
