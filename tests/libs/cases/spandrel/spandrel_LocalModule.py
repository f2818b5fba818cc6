"""spandrel: LocalModule (spandrel.architectures.DCTLSA.__arch.dctlsa), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.DCTLSA.__arch.dctlsa import LocalModule

model = LocalModule(channels=32).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"input": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
