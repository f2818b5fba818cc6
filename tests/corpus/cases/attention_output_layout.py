"""Where attention's output lives decides whether `.contiguous()` records
a node: the CPU flash kernel lays the output out like the query (here a
transposed [B, S, H, D], also after a rotary-style elementwise product),
so `transpose(1, 2).contiguous()` is free; a learned bias as the mask
needs its gradient, so the math kernel runs and the copy is recorded."""
import torch
import torch.nn.functional as F


class Attention(torch.nn.Module):
    def __init__(self, dim=32, heads=4, seq=6):
        super().__init__()
        self.heads = heads
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.out = torch.nn.Linear(dim, dim)
        self.bias = torch.nn.Parameter(torch.zeros(1, heads, seq, seq))

    def forward(self, x, cos):
        b, s, d = x.shape
        q, k, v = self.qkv(x).view(b, s, 3, self.heads, d // self.heads).unbind(2)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        q = q * cos + q
        a = F.scaled_dot_product_attention(q, k, v)
        a = a.reshape(b, -1, s, d // self.heads).transpose(1, 2).contiguous()
        c = F.scaled_dot_product_attention(q, k, v, attn_mask=self.bias)
        c = c.transpose(1, 2).contiguous()
        return self.out(a.reshape(b, s, d)) + self.out(c.reshape(b, s, d))


model = Attention().eval()
example_args = (torch.randn(2, 6, 32), torch.randn(1, 1, 6, 8))
