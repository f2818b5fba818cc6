"""reformer_pytorch: GELU_ (reformer_pytorch.reformer_pytorch), defaults, eval mode."""
import torch
from reformer_pytorch.reformer_pytorch import GELU_

model = GELU_().eval()
example_args = (torch.randn(2, 3, 32, 32),)
