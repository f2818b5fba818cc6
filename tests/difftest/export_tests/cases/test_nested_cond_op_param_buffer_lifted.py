"""test_nested_cond_op_param_buffer_lifted: nested cond on sizes, branches reading submodule buffers (test/dynamo/test_export.py)."""
import torch
from torch.export import Dim


from functorch.experimental.control_flow import cond


class A(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("buffer1", torch.zeros(6, 4))

    def forward(self):
        return self.buffer1.sum()


class B(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("buffer2", torch.ones(6, 4))

    def forward(self):
        return self.buffer2.sum()


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = A()
        self.b = B()

    def forward(self, x):
        def true_true_fn(x):
            return x.cos() + self.a()

        def true_false_fn(x):
            return x.cos() + self.a() + 1

        def true_fn(x):
            return cond(x.shape[0] > 5, true_true_fn, true_false_fn, [x])

        def false_fn(x):
            return x.sin() + self.b()

        return (cond(x.shape[0] > 4, true_fn, false_fn, [x]),)


model = M()
example_args = (torch.ones(6, 4),)
dynamic_shapes = {"x": {0: Dim("n")}}
