import torch
import torch.nn as nn
from torch.export import Dim


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(20, 5)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        return self.head(feats).softmax(-1)


model = Classifier()
example_args = (torch.randn(4, 20),)
dynamic_shapes = {"feats": (Dim.DYNAMIC, Dim.DYNAMIC)}
