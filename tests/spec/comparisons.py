# ok
import torch


class Compare(torch.nn.Module):
    def forward(self, x, y):
        pos = x > 0  # shape: b8[2, 3]
        same = x == y  # shape: b8[2, 3]
        both = pos & (y < 1)  # shape: b8[2, 3]
        picked = torch.where(both, x, y)  # shape: f32[2, 3]
        count = pos.sum()  # shape: i64[]
        every = same.all()  # shape: b8[]
        flipped = ~pos  # shape: b8[2, 3]
        return picked, count, every, flipped


example_args = (torch.randn(2, 3), torch.randn(2, 3))
model = Compare()
