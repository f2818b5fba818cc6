# The truth of a float read from tensor data is a decision on data in
# both modes (strict: Ne(zuf0, 0.0); non-strict: SymFloat.__bool__).
import torch


class TruthOfData(torch.nn.Module):
    def forward(self, x):
        f = x.mean().item()
        if f:  # error[data_dependent]
            return x + 1
        return x - 1


example_args = (torch.randn(4, 3),)
model = TruthOfData()
