"""test_malformed_fqn_from_source_name: ModuleDict of blocks iterated with items()."""
import torch


class Block(torch.nn.Module):
    def __init__(self, i, o):
        super().__init__()
        self.to_out = torch.nn.ModuleList([])
        self.to_out.append(torch.nn.Linear(i, o, bias=True))
        self.to_out.append(torch.nn.Dropout(0.5))

    def forward(self, x):
        for l in self.to_out:
            x = l(x)
        return x


class Problem1(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleDict(
            {f"{i}": Block(64, 64) for i in range(5)}
        )

    def forward(self, x):
        for k, m in self.blocks.items():
            x = m(x)
        return x


model = Problem1()
example_args = (torch.rand(64, 64),)
