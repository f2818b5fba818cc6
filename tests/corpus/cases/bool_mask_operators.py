"""`&` and `|` of boolean masks record aten.__and__ / aten.__or__ (named
and_1, or_1), torch.bitwise_and its own op; `.to()` of a tensor to its own
dtype is recorded and the tensor lives on at that node."""
import torch
class BoolMaskOperators(torch.nn.Module):
    def forward(self, x):
        a = (x > 0) & (x < 1)
        b = (x > 0) | (x < 1)
        c = torch.bitwise_and(x > 0, x < 2)
        y = x.to(torch.float32)
        z = x.float() + y
        return a, b, c, z * x
model = BoolMaskOperators()
example_args = (torch.randn(3, 5),)
