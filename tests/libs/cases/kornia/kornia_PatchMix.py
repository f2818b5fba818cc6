"""kornia: PatchMix (kornia.augmentation._2d.mix.patchmix), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from kornia.augmentation import PatchMix

model = PatchMix().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = ({0: Dim("batch"), 2: Dim("height"), 3: Dim("width")},)
