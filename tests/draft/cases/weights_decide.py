import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(4, 4)

    def forward(self, x):
        y = self.proj(x)
        if y.mean() > 0:  # draft: decided on random values
            return y
        return -y


ep = torch.export.draft_export(M(), (torch.ones(2, 4),))
