"""recurrent_memory_transformer_pytorch: Attention (recurrent_memory_transformer_pytorch.recurrent_memory_transformer), small configuration, eval mode."""
import torch
from recurrent_memory_transformer_pytorch.recurrent_memory_transformer import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
