import torch
import torch.nn as nn
from torch.export import Dim


class FuseStreams(nn.Module):
    def __init__(self):
        super().__init__()
        self.audio = nn.Linear(12, 8)
        self.video = nn.Linear(20, 8)

    def forward(self, batch: dict) -> torch.Tensor:
        return self.audio(batch["audio"]) + self.video(batch["video"])


model = FuseStreams()
example_args = ({"audio": torch.randn(4, 7, 12), "video": torch.randn(4, 7, 20)},)
b = Dim("b", max=64)
t = Dim("t", max=256)
dynamic_shapes = {"batch": {"audio": {0: b, 1: t}, "video": {0: b, 1: t}}}
