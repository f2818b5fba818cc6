"""test_unbacked_pad: F.pad with pad widths from tolist()."""
import torch


class Foo(torch.nn.Module):
    def forward(self, xs, pad):
        u0, u1, u2 = xs.tolist()
        x = torch.ones(u0, u1, u2)
        pl0, pr0, pl1, pr1 = pad.tolist()
        return torch.nn.functional.pad(x, (pl0, pr0, pl1, pr1))


model = Foo()
example_args = (torch.tensor([64, 64, 64]), torch.tensor([8, -8, 4, 0]))
