"""spandrel: SimpleGate (spandrel.architectures.KBNet.__arch.kb_utils), defaults, eval mode."""
import torch
from spandrel.architectures.KBNet.__arch.kb_utils import SimpleGate

model = SimpleGate().eval()
example_args = (torch.randn(2, 3, 32, 32),)
