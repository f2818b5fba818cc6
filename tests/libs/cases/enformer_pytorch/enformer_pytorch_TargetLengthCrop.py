"""enformer_pytorch: TargetLengthCrop (enformer_pytorch.modeling_enformer), small configuration, eval mode."""
import torch
from enformer_pytorch.modeling_enformer import TargetLengthCrop

model = TargetLengthCrop(target_length=16).eval()
example_args = (torch.randn(2, 3, 32, 32),)
