"""test_sequential_slicing: slicing an nn.Sequential in forward."""
import torch


class TestModule1(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.seq = torch.nn.Sequential(
            torch.nn.Linear(4, 4),
            torch.nn.Linear(4, 4),
            torch.nn.Linear(4, 4),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # seq_last as local variable works
        seq_last = self.seq[1:]
        return seq_last(x)


model = TestModule1()
example_args = (torch.randn(4, 4),)
