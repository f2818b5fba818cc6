"""entmax: SparsemaxBisect (entmax.root_finding), defaults, eval mode."""
import torch
from entmax import SparsemaxBisect

model = SparsemaxBisect().eval()
example_args = (torch.randn(2, 3, 32, 32),)
