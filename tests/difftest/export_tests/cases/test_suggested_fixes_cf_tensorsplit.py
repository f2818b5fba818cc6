"""test_suggested_fixes_for_data_dependent_errors_puzzlers: narrow a tensor into pieces of lengths from diff().tolist()."""
import torch


class cf_tensorsplit(torch.nn.Module):
    def forward(self, x, offsets_t):
        lengths = torch.diff(offsets_t).tolist()
        rs = []
        start = 0
        for length in lengths:
            rs.append(x.narrow(0, start, length))
            start += length
        return rs


model = cf_tensorsplit()
example_args = (torch.arange(10), torch.tensor([0, 2, 5, 7, 10]))
