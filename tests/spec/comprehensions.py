# ok
import torch


class Comprehensions(torch.nn.Module):
    def forward(self, x):
        rows = [x[i : i + 1] * i for i in range(3)]
        a = torch.cat(rows)  # shape: f32[3, 4]
        by_name = {f"p{k}": x.pow(k) for k in (1, 2)}
        b = by_name["p2"] + by_name["p1"]  # shape: f32[3, 4]
        c = sum(t.sum(0) for t in rows)  # shape: f32[4]
        pairs = [(i, j) for i in range(2) for j in range(2) if i != j]
        d = torch.stack([x[i] - x[j] for i, j in pairs])  # shape: f32[2, 4]
        return a, b, c, d


example_args = (torch.randn(3, 4),)
model = Comprehensions()
