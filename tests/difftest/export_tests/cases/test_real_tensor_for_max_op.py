"""test_real_tensor_for_max_op: max() of two unbacked sizes from boolean masks."""
import torch


class Foo(torch.nn.Module):
    def forward(self, x, y):
        x = x[x > 0]
        y = y[y > 0]
        return max(x.shape[0], y.shape[0])


model = Foo()
example_args = (torch.zeros(64), torch.ones(64))
