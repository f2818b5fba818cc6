"""test_while_loop_tensor_constant_idx: while_loop whose body indexes with .item()."""
import torch


from torch._higher_order_ops.while_loop import while_loop


def while_loop_decomp(x, y0):
    out = torch.zeros_like(x)

    def cond_fn(idx, out, y0):
        return idx < out.size(0)

    def body_fn(idx, out, y0):
        i = idx.item()
        torch._check_is_size(i, max=x.size(0) - 1)
        y0 = x[i] + y0
        out = out.clone()
        out[i] = y0
        return idx + 1, out, y0

    cnt = torch.tensor(0)
    _, out, _ = while_loop(cond_fn, body_fn, [cnt, out, y0])
    return out


class TestModel(torch.nn.Module):
    def forward(self, x, y0):
        return while_loop_decomp(x, y0)


model = TestModel()
example_args = (torch.randn(16, 8), torch.randn(8))
