"""test_tolist: forward returns tolist() of an int tensor."""
import torch


class M(torch.nn.Module):
    def forward(self, x):
        return x.tolist()


model = M()
example_args = (torch.ones(3, dtype=torch.int),)
