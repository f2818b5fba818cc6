"""test_cond_int_closure: torch.cond branches closing over an int attribute."""
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.num = 4

    def forward(self, a, x):
        def true_fn(x):
            return x * self.num

        def false_fn(x):
            return x + self.num

        r = torch.cond(a, true_fn, false_fn, (x,))
        return r * 2


model = M()
example_args = (torch.tensor(True), torch.randn(10))
