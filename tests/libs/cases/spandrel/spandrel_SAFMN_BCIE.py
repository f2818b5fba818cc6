"""spandrel: SAFMN_BCIE (spandrel.architectures.SAFMNBCIE.__arch.safmn_bcie), small configuration, eval mode."""
import torch
from spandrel.architectures.SAFMNBCIE.__arch.safmn_bcie import SAFMN_BCIE

model = SAFMN_BCIE(dim=16, n_blocks=2, num_layers=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
