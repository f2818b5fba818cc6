import torch


class M(torch.nn.Module):
    def forward(self, x):
        if x.sum().item() > 0:  # draft: decided on random values
            return x + 1
        return x - 1


ep = torch.export.draft_export(M(), (torch.randn(5),))
