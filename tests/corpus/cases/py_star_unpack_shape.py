import torch
import torch.nn as nn


class Attention(nn.Module):
    """`b, n, _, h = *x.shape, self.heads` as attention blocks of public repositories write it."""

    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.to_qkv = nn.Linear(dim, dim * 3, bias=False)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, _, h = *x.shape, self.heads
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = (t.reshape(b, n, h, -1).transpose(1, 2) for t in (q, k, v))
        attn = (q @ k.transpose(-1, -2)).softmax(dim=-1)
        return self.out((attn @ v).transpose(1, 2).reshape(b, n, -1))


model = Attention(16, 4).eval()
example_args = (torch.randn(2, 5, 16),)
