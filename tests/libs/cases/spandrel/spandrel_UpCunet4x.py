"""spandrel: UpCunet4x (spandrel.architectures.RealCUGAN.__arch.upcunet_v3), defaults, eval mode."""
import torch
from spandrel.architectures.RealCUGAN import UpCunet4x

model = UpCunet4x().eval()
example_args = (torch.randn(2, 3, 32, 32),)
