"""test_crop_like: a centre crop with int crop sizes on dynamic height/width (expected failure in torch's tests)."""
import torch
from torch.export import Dim


class CropLike(torch.nn.Module):
    def forward(self, image, crop_height, crop_width):
        c, image_height, image_width = image.shape
        crop_top = int(round((image_height - crop_height) / 2.0))
        crop_left = int(round((image_width - crop_width) / 2.0))
        return image[
            ...,
            crop_top : crop_top + crop_height,
            crop_left : crop_left + crop_width,
        ]


model = CropLike()
example_args = (torch.rand(3, 64, 64), 15, 15)
dynamic_shapes = {"image": {0: None, 1: Dim("height"), 2: Dim("width")}, "crop_height": None, "crop_width": None}
