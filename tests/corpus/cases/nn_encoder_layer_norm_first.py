import torch
import torch.nn as nn


def swish(x):
    return x * torch.sigmoid(x)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = nn.TransformerEncoderLayer(16, 4, 32, activation=swish, batch_first=True, norm_first=True)
        self.second = nn.TransformerEncoderLayer(16, 2, 24, activation=nn.GELU(), batch_first=True)

    def forward(self, src, pad):
        h = self.first(src, src_key_padding_mask=pad)
        return self.second(h)


model = Encoder().eval()
example_args = (torch.randn(2, 5, 16), torch.zeros(2, 5, dtype=torch.bool))
