"""palm_pytorch: ParallelTransformerBlock (palm_pytorch.palm_lite), small configuration, eval mode."""
import torch
from palm_pytorch.palm_lite import ParallelTransformerBlock

model = ParallelTransformerBlock(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
