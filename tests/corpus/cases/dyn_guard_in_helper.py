import torch
import torch.nn as nn
from torch.export import Dim


class ChunkedPool(nn.Module):
    def _check_chunks(self, x: torch.Tensor, chunk: int) -> None:
        if x.shape[1] % chunk != 0:
            raise ValueError("length must be a multiple of the chunk size")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self._check_chunks(x, 4)
        b, t, c = x.shape
        return x.reshape(b, t // 4, 4, c).amax(2)


model = ChunkedPool()
example_args = (torch.randn(2, 12, 3),)
dynamic_shapes = {"x": (Dim.AUTO, Dim.AUTO, Dim.STATIC)}
