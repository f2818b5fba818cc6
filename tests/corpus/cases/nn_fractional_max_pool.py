import torch
import torch.nn as nn


class Fractional(nn.Module):
    def __init__(self):
        super().__init__()
        self.f2 = nn.FractionalMaxPool2d(2, output_size=3)
        self.f3 = nn.FractionalMaxPool3d(2, output_ratio=0.5, return_indices=True)

    def forward(self, img, vol):
        values, indices = self.f3(vol)
        return self.f2(img), values, indices


model = Fractional().eval()
example_args = (torch.randn(2, 4, 7, 7), torch.randn(2, 3, 4, 6, 6))
