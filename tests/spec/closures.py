# ok
import torch


def make_scaler(k):
    def scale(t):
        return t * k  # shape[strict]: f32[3, 4]

    return scale


class Closures(torch.nn.Module):
    def forward(self, x):
        offset = 1.0

        def shift(t):
            return t + offset  # shape[strict]: f32[3, 4]

        count = 0

        def bump():
            nonlocal count
            count += 1

        bump()
        bump()
        y = shift(x)  # shape[nonstrict]: f32[3, 4]
        z = make_scaler(3)(y)  # shape[nonstrict]: f32[3, 4]
        return z.repeat(count, 1)  # shape: f32[6, 4]


example_args = (torch.randn(3, 4),)
model = Closures()
