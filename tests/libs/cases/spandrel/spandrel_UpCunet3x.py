"""spandrel: UpCunet3x (spandrel.architectures.RealCUGAN.__arch.upcunet_v3), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from spandrel.architectures.RealCUGAN import UpCunet3x

model = UpCunet3x().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
