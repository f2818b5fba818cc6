"""spandrel: UpCunet2x_fast (spandrel.architectures.RealCUGAN.__arch.upcunet_v3), defaults, eval mode."""
import torch
from spandrel.architectures.RealCUGAN import UpCunet2x_fast

model = UpCunet2x_fast().eval()
example_args = (torch.randn(2, 3, 64, 64),)
