"""`torch.where` with a Python number picks a Scalar overload;
`torch.min(a, b)` records `min.other`; a permuted bias keeps its layout
through `unsqueeze`, so the `where` on it is strided and `.contiguous()`
copies; parameter placeholders are lowercased (`LayerNorm`)."""
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.LayerNorm = torch.nn.LayerNorm(4)
        self.bias = torch.nn.Embedding(11, 4)

    def forward(self, x, keep):
        a = torch.where(keep, x, -1.0)
        b = torch.where(keep, 0.5, x)
        c = torch.min(a, b)
        rel = self.bias(torch.arange(6)[:, None] - torch.arange(6)[None, :] + 5)
        rel = rel.permute(2, 0, 1).unsqueeze(0)
        masked = torch.where(keep.new_ones(2, 1, 6, 6), rel, -1e9).contiguous()
        return self.LayerNorm(c), masked


model = Model()
example_args = (torch.randn(2, 6, 4), torch.rand(2, 6, 4) > 0.5)
