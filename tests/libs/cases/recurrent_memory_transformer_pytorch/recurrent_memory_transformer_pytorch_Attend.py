"""recurrent_memory_transformer_pytorch: Attend (recurrent_memory_transformer_pytorch.attend), defaults, eval mode."""
import torch
from recurrent_memory_transformer_pytorch.attend import Attend

model = Attend().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
