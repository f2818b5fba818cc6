import torch
import torch.nn as nn
from torch.export import Dim


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.transformer = nn.Transformer(
            d_model=16, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=24, batch_first=True
        )

    def forward(self, src, tgt):
        return self.transformer(src, tgt)


model = Seq2Seq().eval()
example_args = (torch.randn(2, 6, 16), torch.randn(2, 4, 16))
batch = Dim("batch")
dynamic_shapes = {"src": {0: batch}, "tgt": {0: batch}}
