"""test_duplicate_modules_with_non_persistent_buffers: one submodule with a non-persistent buffer shared by two parents."""
import torch


class FooWithBuf(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("buf", torch.randn(4), persistent=False)

    def forward(self, x):
        return x + self.buf


class BarWithFoo(torch.nn.Module):
    def __init__(self, foo):
        super().__init__()
        self.foo = foo

    def forward(self, x):
        return self.foo(x)


class ModWith2Bars(torch.nn.Module):
    def __init__(self):
        super().__init__()
        foo = FooWithBuf()
        self.b1 = BarWithFoo(foo)
        self.b2 = BarWithFoo(foo)

    def forward(self, x):
        return self.b1(x) + self.b2(x)


model = ModWith2Bars()
example_args = (torch.randn(4),)
