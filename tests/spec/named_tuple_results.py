# ok
# torch.return_types: values/indices (and the other field names) read as
# attributes, by position and by unpacking.
import torch


class NamedResults(torch.nn.Module):
    def forward(self, x):
        v = x.max(dim=1).values + 0  # shape: f32[4]
        i = torch.min(x, 0).indices  # shape: i64[3]
        s = x.sort(-1).values[:, 0]  # shape: f32[4]
        t, j = torch.topk(x, 2)
        k = x.kthvalue(2, 1).indices  # shape: i64[4]
        lo = torch.aminmax(x, dim=0).min  # shape: f32[3]
        return v + s + x.max(-1)[0], i + lo, t + j, k


example_args = (torch.randn(4, 3),)
model = NamedResults()
