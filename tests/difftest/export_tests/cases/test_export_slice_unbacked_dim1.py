"""test_export_slice_unbacked_dim1: narrow with an unbacked length bounded by x.size(1)."""
import torch


class MySlice(torch.nn.Module):
    def forward(self, x, seq_len):
        l = seq_len.item()
        torch._check_is_size(l, max=x.size(1))
        x = x.narrow(1, 0, l)
        return x


model = MySlice()
example_args = (torch.randn(10, 7), torch.tensor(5))
