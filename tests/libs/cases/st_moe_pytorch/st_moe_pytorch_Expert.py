"""st_moe_pytorch: Expert (st_moe_pytorch.st_moe_pytorch), small configuration, eval mode."""
import torch
from st_moe_pytorch.st_moe_pytorch import Expert

model = Expert(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
