"""reformer_pytorch: FullQKAttention (reformer_pytorch.reformer_pytorch), defaults, eval mode."""
import torch
from reformer_pytorch.reformer_pytorch import FullQKAttention

model = FullQKAttention().eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 16, 32),)
