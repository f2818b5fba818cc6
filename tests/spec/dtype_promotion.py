# ok
import torch


class Promote(torch.nn.Module):
    def forward(self, f, i, h, i32, d):
        a = i + f  # shape: f32[3]
        b = i * 1.5  # shape: f32[3]
        c = i32 + i  # shape: i64[3]
        e = h + f  # shape: f32[3]
        g = h + 2.5  # shape: f16[3]
        k = i32 + 3  # shape: i32[3]
        m = i / 2  # shape: f32[3]
        n = i // 2  # shape: i64[3]
        p = d + f  # shape: f64[3]
        q = i.float()  # shape: f32[3]
        r = f.to(torch.int32)  # shape: i32[3]
        return a, b, c, e, g, k, m, n, p, q, r


example_args = (
    torch.randn(3),
    torch.arange(3),
    torch.randn(3, dtype=torch.float16),
    torch.arange(3, dtype=torch.int32),
    torch.randn(3, dtype=torch.float64),
)
model = Promote()
