import torch
import torch.nn as nn


class SelfAttend(nn.Module):
    def __init__(self):
        super().__init__()
        self.extra = nn.MultiheadAttention(8, 2, add_bias_kv=True, add_zero_attn=True)
        self.plain = nn.MultiheadAttention(8, 2, bias=False, batch_first=True)

    def forward(self, x, mask):
        y, none = self.extra(x, x, x, attn_mask=mask, need_weights=False)
        z, w = self.plain(y.transpose(0, 1), y.transpose(0, 1), y.transpose(0, 1), average_attn_weights=False)
        return y, z, w, none is None


model = SelfAttend().eval()
example_args = (torch.randn(6, 3, 8), torch.triu(torch.ones(6, 6, dtype=torch.bool), diagonal=1))
