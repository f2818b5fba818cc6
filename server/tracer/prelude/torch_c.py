"""What `torch._C` contributes to torch's Python surface that code calls
directly: the random-number `Generator` (exposed as `torch.Generator`).

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
A generator holds its seed; export records the draws it is passed to
(`aten.rand.generator`), never their values. Strict export cannot create
one inside `forward` (`dynamo_breaks.rs`).
"""
import torch


class Generator:
    def __init__(self, device="cpu"):
        self.device = torch.device(device)
        self._seed = 67280421310721

    def manual_seed(self, seed):
        self._seed = int(seed)
        return self

    def seed(self):
        return self._seed

    def initial_seed(self):
        return self._seed

    def get_state(self):
        return torch.zeros(5056, dtype=torch.uint8)

    def set_state(self, new_state):
        return self
