"""spandrel: PatchEmbed (spandrel.architectures.ATD.__arch.atd_arch), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.ATD.__arch.atd_arch import PatchEmbed

model = PatchEmbed().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
