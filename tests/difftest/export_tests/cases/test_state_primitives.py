"""test_state_primitives: int, dict and tuple attributes mutated in forward."""
import torch


class M(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.x = 1
        self.y = {"k": 2}
        self.z = (3,)

    def forward(self, x):
        self.x = self.x + 4
        self.y["k"] = self.y["k"] + 5
        self.z = (self.z[0] + 6,)
        return x + self.x + self.y["k"] + self.z[0]


model = M()
example_args = (torch.randn(2, 3),)
