"""test_suggested_fixes_for_data_dependent_errors_basic: view of an unbacked-size tensor to another unbacked shape."""
import torch


class M(torch.nn.Module):
    def forward(self, t):
        items = [t[i].item() for i in range(t.numel())]
        r = torch.randn([items[0], items[1]])
        return r.view(items[0], items[2])


class N(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.m = M()

    def forward(self, t):
        return self.m(t) + 1


model = N()
example_args = (torch.tensor([1, 4, 4], dtype=torch.int32),)
