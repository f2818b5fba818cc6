"""x_transformers: MSECosineSimLoss (x_transformers.next_latent_wrapper), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from x_transformers.next_latent_wrapper import MSECosineSimLoss

model = MSECosineSimLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"pred": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}, "target": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
