import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x):
        if x.shape[0] == 4:
            x = x.reshape(2, -1)
        if x.sum().item() > 1:
            return x * 3
        return x


batch = Dim("batch")
ep = torch.export.draft_export(M(), (torch.ones(4, 8),), dynamic_shapes={"x": {0: batch}})
