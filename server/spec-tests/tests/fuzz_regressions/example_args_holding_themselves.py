# Found by the pipeline fuzzer (issue 43): example inputs that hold
# themselves overflowed the stack while being flattened (exit 134).
import torch


class M(torch.nn.Module):
    def forward(self, x, y):
        return x


model = M()
deep = []
deep.append((deep,))
deep2 = torch.randn(2)
for _i in range(100000):
    deep2 = [deep2]
example_args = (torch.randn(2, 4), [deep, deep2])
dynamic_shapes = {'x': {0: torch.export.Dim('b')}, 'y': None}
