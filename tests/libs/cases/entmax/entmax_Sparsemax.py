"""entmax: Sparsemax (entmax.activations), defaults, eval mode."""
import torch
from entmax import Sparsemax

model = Sparsemax().eval()
example_args = (torch.randn(2, 3, 32, 32),)
