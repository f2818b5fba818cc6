"""GB9118: truth value of data_ptr() to test for an empty storage."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        if x.data_ptr():
            return x + 1
        return x


model = Model()
example_args = (torch.randn(4, 8),)
