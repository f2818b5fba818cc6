"""entmax: EntmaxBisect (entmax.root_finding), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from entmax import EntmaxBisect

model = EntmaxBisect().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"X": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
