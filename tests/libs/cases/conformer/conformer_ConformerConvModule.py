"""conformer: ConformerConvModule (conformer.conformer), small configuration, eval mode."""
import torch
from conformer import ConformerConvModule

model = ConformerConvModule(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
