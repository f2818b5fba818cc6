"""Subscripts whose result is never used: strict mode drops them (Dynamo
removes an unused getitem before the ATen trace), non-strict keeps them."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        rows = torch.arange(x.shape[0])
        cols = torch.arange(x.shape[1])
        unused_rows = rows[:, None, None]
        unused_slice = x[1:, :2]
        col_index = cols[None, :]
        return x + col_index


model = Model()
example_args = (torch.randn(3, 4),)
