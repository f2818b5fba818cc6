"""spandrel: SimpleGate (spandrel.architectures.NAFNet.__arch.NAFNet_arch), defaults, eval mode."""
import torch
from spandrel.architectures.NAFNet.__arch.NAFNet_arch import SimpleGate

model = SimpleGate().eval()
example_args = (torch.randn(2, 3, 32, 32),)
