"""enformer_pytorch: GELU (enformer_pytorch.modeling_enformer), defaults, eval mode."""
import torch
from enformer_pytorch.modeling_enformer import GELU

model = GELU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
