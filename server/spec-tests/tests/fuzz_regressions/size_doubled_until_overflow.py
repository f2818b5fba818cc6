# Found by the pipeline fuzzer (seed 20261126): each pass of the loop
# doubles the length and `k` grows by one, so the loop runs until the size
# no longer fits int64. The symbolic product panicked ("symbolic
# arithmetic failed"); torch fails with `numel: integer multiplication
# overflow`, and so does the trace, at the line.
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x):
        h = x.reshape(-1)
        k = 0
        while k < h.shape[0]:
            k += 1
            h = h.expand(2, -1).reshape(-1).unsqueeze(0).squeeze(0)
        return h


model = M()
example_args = (torch.randn(2, 1),)
