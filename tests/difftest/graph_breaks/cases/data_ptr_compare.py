"""GB5976: data_ptr() to check whether two inputs share storage."""
import torch


class Model(torch.nn.Module):
    def forward(self, x, y):
        if x.data_ptr() == y.data_ptr():
            return x * 2
        return x + y


model = Model()
example_args = (torch.randn(4, 8), torch.randn(4, 8))
