"""peft: BlockDiagonalLinear (peft.tuners.lora.variants), small configuration, eval mode."""
import torch
from peft.tuners.lora.variants import BlockDiagonalLinear

model = BlockDiagonalLinear(in_features=32, out_features=8, nblocks=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
