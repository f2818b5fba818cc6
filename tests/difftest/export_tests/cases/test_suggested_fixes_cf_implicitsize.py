"""test_suggested_fixes_for_data_dependent_errors_puzzlers: narrow at an .item() offset without a torch._check."""
import torch


class cf_implicitsize(torch.nn.Module):
    def forward(self, x, y):
        i = x.item()
        # instead of y[i]
        return y.narrow(0, i, 1).squeeze()


model = cf_implicitsize()
example_args = (torch.tensor(2), torch.randn(10))
