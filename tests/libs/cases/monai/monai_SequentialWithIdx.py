"""monai: SequentialWithIdx (monai.networks.nets.quicknat), defaults, eval mode."""
import torch
from monai.networks.nets.quicknat import SequentialWithIdx

model = SequentialWithIdx().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randint(0, 64, (2, 16)),)
