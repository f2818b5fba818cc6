"""test_state_tensors: buffers set through getattr/setattr helpers."""
import torch


class M(torch.nn.Module):  # complex with register buffer
    def __init__(self) -> None:
        super().__init__()
        tensors = [torch.ones(2, 3), torch.ones(2, 3)]
        for i, tensor in enumerate(tensors):
            self.register_buffer(f"buf_{i}", tensor, persistent=False)

    def get_tensor(self, i):
        return getattr(self, f"buf_{i}")

    def set_tensor(self, i, val):
        setattr(self, f"buf_{i}", val)

    def forward(self, x):
        # x = 2
        y = self.get_tensor(0) + self.get_tensor(1)
        # y = 1 + 1
        self.set_tensor(0, torch.ones(2, 3) + 2)
        self.set_tensor(1, torch.ones(2, 3) + 2)
        z = self.get_tensor(0) + self.get_tensor(1)
        # z = 3 + 3
        return x + y + z


model = M()
example_args = (torch.randn(2, 3),)
