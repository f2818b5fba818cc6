"""A small CNN exported with a dynamic batch dimension: exports cleanly.

`exportlens export examples/cnn_dynamic_batch.py` prints the program as
torch prints it; `exportlens check` shows the guards it adds.
"""
import torch
import torch.nn as nn
from torch.export import Dim


class SmallCNN(nn.Module):
    def __init__(self, classes: int = 10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1),
            nn.BatchNorm2d(16),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.head = nn.Linear(16 * 16 * 16, classes)

    def forward(self, images):
        h = self.features(images)
        return self.head(h.flatten(1))


model = SmallCNN().eval()
example_args = (torch.randn(4, 3, 32, 32),)
dynamic_shapes = {"images": {0: Dim("batch", max=256)}}
