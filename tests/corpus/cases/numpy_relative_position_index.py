"""Swin-style relative position index computed with numpy (meshgrid with
indexing='ij', np.newaxis broadcasting, transpose, in-place updates of
strided slices, sum over the last axis), registered as an int64 buffer
through torch.from_numpy and used to index a bias table in forward."""
import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, window=(3, 3), heads=2, dim=8):
        super().__init__()
        wh, ww = window
        self.heads = heads
        self.bias_table = nn.Parameter(torch.zeros((2 * wh - 1) * (2 * ww - 1), heads))
        coords = np.stack(np.meshgrid(np.arange(wh), np.arange(ww), indexing="ij"))
        coords_flatten = coords.reshape(2, -1)
        relative = coords_flatten[:, :, np.newaxis] - coords_flatten[:, np.newaxis, :]
        relative = relative.transpose(1, 2, 0)
        relative[:, :, 0] += wh - 1
        relative[:, :, 1] += ww - 1
        relative[:, :, 0] *= 2 * ww - 1
        self.register_buffer("relative_position_index", torch.from_numpy(relative.sum(-1)))
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x):
        b, n, c = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = q @ k.transpose(-2, -1)
        bias = self.bias_table[self.relative_position_index.view(-1)].view(n, n, -1)
        attn = (attn + bias.permute(2, 0, 1).unsqueeze(0)).softmax(-1)
        return (attn @ v).transpose(1, 2).reshape(b, n, c)


model = Model().eval()
example_args = (torch.randn(2, 9, 8),)
