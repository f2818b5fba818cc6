# Bulk work a builtin does at once, none of it bounded before: a list
# repeated 10**9 times (14 GB), a list or a string doubled in a loop, a
# tensor of 10**9 elements read back with tolist(), a dict of 100,000
# entries (a linear scan per insertion). Each is now refused or charged to
# the analysis budget (tracer/tests/bulk_budget.rs has one test each).
import torch
import torch.nn as nn

table = {i: i for i in range(100000)}
big = [0] * 10**9


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = [1]
        for _ in range(64):
            a = a + a
        s = "ab"
        for _ in range(64):
            s = s + s
        self.values = torch.randn(10**5, 10**4).tolist()

    def forward(self, x):
        return x + 1


model = M()
example_args = (torch.randn(2, 3),)
