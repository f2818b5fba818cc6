"""spandrel: KBNet_l (spandrel.architectures.KBNet.__arch.kbnet_l), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.KBNet import KBNet_l

model = KBNet_l(num_blocks=[1, 1, 1, 1]).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"inp_img": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
