import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x):
        return x.view(4, -1)


batch = Dim("batch")
ep = torch.export.draft_export(M(), (torch.ones(4, 8),), dynamic_shapes={"x": {0: batch}})
