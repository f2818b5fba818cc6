# ok
import torch


class Helpers:
    factor = 2

    @staticmethod
    def double(t):
        return t * 2  # shape[strict]: f32[2, 5]

    @classmethod
    def scaled(cls, t):
        return t.reshape(-1) * cls.factor  # shape[strict]: f32[10]


class UsesMethods(torch.nn.Module):
    width = 5

    @classmethod
    def widen(cls, t):
        return t.expand(-1, cls.width)  # shape[strict]: f32[2, 5]

    @staticmethod
    def center(t):
        return t - t.mean()  # shape[strict]: f32[2, 5]

    def forward(self, x):
        a = self.widen(x)  # shape[nonstrict]: f32[2, 5]
        b = UsesMethods.center(a)  # shape[nonstrict]: f32[2, 5]
        c = Helpers.double(b)  # shape[nonstrict]: f32[2, 5]
        return Helpers.scaled(c)  # shape[nonstrict]: f32[10]


example_args = (torch.randn(2, 1),)
model = UsesMethods()
