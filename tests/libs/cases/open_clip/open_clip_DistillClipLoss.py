"""open_clip: DistillClipLoss (open_clip.loss), defaults, eval mode."""
import torch
from open_clip import DistillClipLoss

model = DistillClipLoss().eval()
example_args = (torch.randn(2, 1), torch.randn(2, 1), torch.randn(2, 1), torch.randn(2, 1), torch.randn(2, 1), torch.randn(2, 1),)
