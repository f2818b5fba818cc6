import torch
import torch.nn as nn
from torch.export import Dim


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(16, 4, 32, dropout=0.1, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(16), enable_nested_tensor=False)

    def forward(self, src):
        return self.encoder(src)


model = Encoder().eval()
example_args = (torch.randn(2, 5, 16),)
dynamic_shapes = {"src": {0: Dim("batch")}}
