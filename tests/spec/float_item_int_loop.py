# int() of a float read from tensor data: strict export keeps it symbolic
# (math.trunc) until range() needs a Python int; non-strict export runs
# SymFloat.__int__, which must specialize at once.
import torch


class IntOfData(torch.nn.Module):
    def forward(self, x):
        n = int(x.sum().item())  # error[nonstrict:data_dependent]
        y = x * 2
        for _ in range(n):  # error[strict:data_dependent]
            y = y + 1
        return y


example_args = (torch.randn(4, 3),)
model = IntOfData()
