"""st_moe_pytorch: GEGLU (st_moe_pytorch.st_moe_pytorch), small configuration, eval mode."""
import torch
from st_moe_pytorch.st_moe_pytorch import GEGLU

model = GEGLU(dim=32).eval()
example_args = (torch.randn(2, 16, 64),)
