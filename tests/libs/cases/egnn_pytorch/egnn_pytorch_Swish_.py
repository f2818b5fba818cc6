"""egnn_pytorch: Swish_ (egnn_pytorch.egnn_pytorch), defaults, eval mode."""
import torch
from egnn_pytorch.egnn_pytorch import Swish_

model = Swish_().eval()
example_args = (torch.randn(2, 3, 32, 32),)
