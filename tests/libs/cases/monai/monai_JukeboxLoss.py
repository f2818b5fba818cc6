"""monai: JukeboxLoss (monai.losses.spectral_loss), small configuration, eval mode."""
import torch
from monai.losses import JukeboxLoss

model = JukeboxLoss(spatial_dims=2).eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
