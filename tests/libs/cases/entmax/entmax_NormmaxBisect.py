"""entmax: NormmaxBisect (entmax.root_finding), defaults, eval mode."""
import torch
from entmax import NormmaxBisect

model = NormmaxBisect().eval()
example_args = (torch.randn(2, 3, 32, 32),)
