"""spandrel: SRVGGNetCompact (spandrel.architectures.Compact.__arch.SRVGG), defaults, eval mode."""
import torch
from spandrel.architectures.Compact.__arch.SRVGG import SRVGGNetCompact

model = SRVGGNetCompact().eval()
example_args = (torch.randn(2, 3, 32, 32),)
