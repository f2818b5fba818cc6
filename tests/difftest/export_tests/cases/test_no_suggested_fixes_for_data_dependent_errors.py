"""test_no_suggested_fixes_for_data_dependent_errors: narrow at an unchecked .item() offset."""
import torch


class cf_stacklist(torch.nn.Module):
    def forward(self, xs, y):
        # y.item() is not a local, so we can't suggest a fix
        return torch.stack(xs, 0).narrow(0, y.item(), 1).squeeze()


model = cf_stacklist()
example_args = ([torch.ones(5) * i for i in range(10)], torch.tensor(2))
