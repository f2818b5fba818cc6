import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(8, 4)

    def forward(self, x):
        return torch.relu(self.l(x))


ep = torch.export.draft_export(M(), (torch.ones(2, 8),))
