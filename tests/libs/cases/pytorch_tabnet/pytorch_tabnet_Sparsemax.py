"""pytorch_tabnet: Sparsemax (pytorch_tabnet.sparsemax), defaults, eval mode."""
import torch
from pytorch_tabnet.sparsemax import Sparsemax

model = Sparsemax().eval()
example_args = (torch.randn(2, 3, 32, 32),)
