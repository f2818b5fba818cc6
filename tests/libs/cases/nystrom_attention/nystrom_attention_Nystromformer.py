"""nystrom_attention: Nystromformer (nystrom_attention.nystrom_attention), small configuration, eval mode."""
import torch
from nystrom_attention import Nystromformer

model = Nystromformer(dim=32, depth=2).eval()
example_args = (torch.randn(2, 16, 32),)
