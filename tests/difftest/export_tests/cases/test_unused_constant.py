"""test_unused_constant: a tensor constant built and never used."""
import torch


class M(torch.nn.Module):
    def forward(self, x):
        y = torch.tensor(3)
        return x * x


model = M()
example_args = (torch.ones(3),)
