"""GB6053: getattr with a name built from str() of a tensor's .item()."""
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head0 = torch.nn.Linear(8, 2)
        self.head1 = torch.nn.Linear(8, 2)

    def forward(self, x, which):
        head = getattr(self, "head" + str(which.item()))
        return head(x)


model = Model()
example_args = (torch.randn(4, 8), torch.tensor(1))
