"""spandrel: WMSA (spandrel.architectures.SCUNet.__arch.SCUNet), small configuration, eval mode."""
import torch
from spandrel.architectures.SCUNet.__arch.SCUNet import WMSA

model = WMSA(input_dim=64, output_dim=8, head_dim=16, window_size=4, type=16).eval()
example_args = (torch.randn(2, 8, 8, 64),)
