import torch
import torch.nn as nn


class Attend(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(16, 4, kdim=12, vdim=10, batch_first=True)

    def forward(self, q, k, v, pad):
        out, weights = self.attn(q, k, v, key_padding_mask=pad)
        return out, weights


model = Attend().eval()
example_args = (torch.randn(2, 5, 16), torch.randn(2, 7, 12), torch.randn(2, 7, 10), torch.zeros(2, 7, dtype=torch.bool))
