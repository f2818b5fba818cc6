import torch

a = []
for k in range(4):
    for i in range(100000):
        a = [a]
a = None


class M(torch.nn.Module):
    def forward(self, x):
        return x


model = M()
example_args = (torch.randn(2),)
