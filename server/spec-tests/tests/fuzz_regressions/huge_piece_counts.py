# Found by a long pipeline fuzz run: unbind of a dim of 10**12 allocated
# one output per piece and aborted the process; split and chunk could do
# the same. Each is now "analysis incomplete" past the graph's node budget.
import torch


class M(torch.nn.Module):
    def forward(self, x):
        a = torch.zeros(10**12, 2).unbind(0)
        b = torch.zeros(10**12).split(1)
        c = torch.zeros(10**12).chunk(10**12)
        d = torch.zeros(5).chunk(2**62)
        return x + 1, a, b, c, d


model = M()
example_args = (torch.randn(2),)
