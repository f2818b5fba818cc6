# Found by the pipeline fuzzer: ops that index a tensor's sizes by a dim
# (split, size(d), narrow, select, index_select, ...) on a 0-d tensor
# panicked; torch raises IndexError.
import torch


class M(torch.nn.Module):
    def forward(self, x):
        s = x.sum()
        n = s.size(0)
        parts = torch.split(s, 1)
        return s.narrow(0, 0, 1), parts, n


model = M()
example_args = (torch.randn(3),)
