"""test_export_for_training_run_decomp: a buffer mutated in place and summed into a linear."""
import torch


class Foo(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.buffer = torch.nn.Buffer(torch.ones(2, 2))
        self.linear = torch.nn.Linear(2, 2)

    def forward(self, x):
        self.buffer.add_(5)
        return self.linear(x) + self.buffer.sum()


model = Foo()
example_args = (torch.ones(2, 2),)
