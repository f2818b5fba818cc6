"""x_transformers: RandomFourierEmbed (x_transformers.neo_mlp), small configuration, eval mode."""
import torch
from x_transformers.neo_mlp import RandomFourierEmbed

model = RandomFourierEmbed(dim=32).eval()
example_args = (torch.rand(2),)
