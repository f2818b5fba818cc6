"""test_keep_composite_ops_linear_convd: conv2d, conv1d and a linear over plain tensor attributes."""
import torch


class MyLinear(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.weight = torch.randn(20, 98)
        self.bias = torch.randn(20)

    def forward(self, x):
        return torch.nn.functional.linear(x, self.weight, self.bias)


class Foo(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = torch.nn.Conv2d(16, 33, 3)
        self.conv1d = torch.nn.Conv1d(16, 33, 3)
        self.linear = MyLinear()

    def forward(self, x, y):
        x_conv = self.conv(x)
        y_conv_1d = self.conv1d(y)
        x_linear = self.linear(x_conv)
        return x_linear.cos() + y_conv_1d.sum()


model = Foo()
example_args = (torch.randn(2, 16, 10, 100), torch.randn(2, 16, 50))
