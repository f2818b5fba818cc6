"""monai: MemoryEfficientSwish (monai.networks.blocks.activation), defaults, eval mode."""
import torch
from monai.networks.blocks import MemoryEfficientSwish

model = MemoryEfficientSwish().eval()
example_args = (torch.randn(2, 3, 32, 32),)
