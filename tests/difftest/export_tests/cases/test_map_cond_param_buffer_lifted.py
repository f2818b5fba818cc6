"""test_map_cond_param_buffer_lifted: map over rows whose body runs a cond calling submodules (test/dynamo/test_export.py)."""
import torch


from functorch.experimental.control_flow import cond, map


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


class Module(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = A()
        self.b = B()

    def inner(self, x, pred):
        def true_fn(x):
            return x + x + self.a()

        def false_fn(x):
            return x * x + self.b()

        return cond(pred, true_fn, false_fn, [x])

    def forward(self, pred, xs):
        def body(x, pred):
            return self.inner(x, pred) + self.b()

        return map(body, xs, pred)


model = Module()
example_args = (torch.tensor(True), torch.randn(3, 2, 1))
