"""peft: MultiplicativeDropoutLayer (peft.tuners.oft.layer), defaults, eval mode."""
import torch
from peft.tuners.oft.layer import MultiplicativeDropoutLayer

model = MultiplicativeDropoutLayer().eval()
example_args = (torch.randn(2, 3, 32, 32),)
