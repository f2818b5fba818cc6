"""Slicing by a data-dependent end: where torch's fake slice can place it.

`x[:k]` with `k >= 0` known is `Min(k, size)` long; `x[:m]` with nothing
known about `m` gets a fresh unbacked length in `[0, size]`; `x[j:]` with
`0 <= j <= size` known starts at `j`.
"""

import torch


class SliceUnbackedEnd(torch.nn.Module):
    def forward(self, x, n, m):
        k = n.item()
        torch._check(k >= 0)
        j = m.item()
        torch._check(j >= 0)
        torch._check(j <= x.shape[0])
        return x[:k], x[: m.item()], x[j:]


example_args = (torch.randn(5, 3), torch.tensor(2), torch.tensor(1))
model = SliceUnbackedEnd()
