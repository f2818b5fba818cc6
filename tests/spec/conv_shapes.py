# ok
import torch
from torch.export import Dim


class Convs(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.down = torch.nn.Conv2d(3, 8, kernel_size=3, stride=2, padding=1)
        self.same = torch.nn.Conv2d(8, 8, 3, padding=1)
        self.pool = torch.nn.MaxPool2d(2)
        self.audio = torch.nn.Conv1d(4, 6, 5)

    def forward(self, img, wave):
        a = self.down(img)  # shape: f32[2, 8, 16, 16]
        b = self.same(a)  # shape: f32[2, 8, 16, 16]
        c = self.pool(b)  # shape: f32[2, 8, 8, 8]
        w = self.audio(wave)  # shape: f32[1, 6, s0 - 4]
        return c, w


example_args = (torch.randn(2, 3, 32, 32), torch.randn(1, 4, 20))
dynamic_shapes = {"img": None, "wave": {2: Dim("length", min=8)}}
model = Convs()
