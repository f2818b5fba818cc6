"""GB2736: isinstance against a class with a custom __instancecheck__."""
import torch


class FloatLike(type):
    def __instancecheck__(cls, obj):
        return obj.dtype.is_floating_point


class IsFloat(metaclass=FloatLike):
    pass


class Model(torch.nn.Module):
    def forward(self, x):
        if isinstance(x, IsFloat):
            return x * 2
        return x


model = Model()
example_args = (torch.randn(4, 8),)
