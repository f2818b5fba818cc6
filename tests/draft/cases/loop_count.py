import torch


class M(torch.nn.Module):
    def forward(self, x, k):
        for _ in range(k.item()):
            x = x * 2
        return x


ep = torch.export.draft_export(M(), (torch.ones(2, 2), torch.tensor(3)))
