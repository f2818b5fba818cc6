# Found by the pipeline fuzzer (seed 20261126): ops that take a dim and
# index the sizes by it panicked on a 0-d tensor (repeat_interleave with
# dim; unflatten too); movedim and cosine_similarity removed a size that
# is not there. torch: IndexError for repeat_interleave and unflatten, a
# 0-d result for the other two.
import torch


class M(torch.nn.Module):
    def forward(self, x, y):
        s = y.sum()
        moved = torch.movedim(s, 0, 0)
        similar = torch.cosine_similarity(s, s, dim=0)
        return moved + similar, x.repeat_interleave(2, dim=0)


example_args = (torch.tensor(4), torch.randn(5, 5))
model = M()
