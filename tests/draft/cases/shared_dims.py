import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x, y):
        return x + y


n, m = Dim("n"), Dim("m")
ep = torch.export.draft_export(M(), (torch.ones(5, 2), torch.ones(5, 2)), dynamic_shapes=({0: n}, {0: m}))
