"""spandrel: FFTformer (spandrel.architectures.FFTformer.__arch.fftformer_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.FFTformer import FFTformer

model = FFTformer(num_blocks=[1, 1, 1]).eval()
example_args = (torch.randn(2, 3, 32, 32),)
