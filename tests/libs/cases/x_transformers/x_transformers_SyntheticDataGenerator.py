"""x_transformers: SyntheticDataGenerator (x_transformers.up_wrapper), small configuration, eval mode."""
import torch
from x_transformers.up_wrapper import SyntheticDataGenerator

model = SyntheticDataGenerator(dim=32, num_tokens=64).eval()
example_args = (torch.randint(0, 64, (2, 16)),)
