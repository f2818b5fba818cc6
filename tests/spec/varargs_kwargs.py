# ok
import torch


def combine(*tensors, scale=1.0, **opts):
    total = tensors[0]
    for t in tensors[1:]:
        total = total + t
    if opts.get("negate", False):
        total = -total
    return total * scale  # shape[strict]: f32[2, 3]


class VarArgs(torch.nn.Module):
    def forward(self, *xs, **kw):
        y = kw["y"]
        parts = [x.relu() for x in xs]
        opts = {"negate": True}
        out = combine(*parts, y, scale=0.5, **opts)  # shape[nonstrict]: f32[2, 3]
        return out


example_args = (torch.randn(2, 3), torch.randn(2, 3))
example_kwargs = {"y": torch.randn(2, 3)}
model = VarArgs()
