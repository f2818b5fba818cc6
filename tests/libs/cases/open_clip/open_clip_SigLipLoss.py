"""open_clip: SigLipLoss (open_clip.loss), defaults, eval mode."""
import torch
from open_clip.loss import SigLipLoss

model = SigLipLoss().eval()
example_args = (torch.randn(2, 1), torch.randn(2, 1), torch.randn(2, 1), torch.randn(2, 1),)
