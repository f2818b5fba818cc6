"""test_export_max_onnx_reported: zeros of max() of two dynamic sizes, filled by slice assignment."""
import torch
from torch.export import Dim


class Model(torch.nn.Module):
    def forward(self, x, y):
        s1 = max(x.shape[0], y.shape[0])
        s2 = max(x.shape[1], y.shape[1])
        z = torch.zeros((s1, s2), dtype=x.dtype)
        z[: x.shape[0], : x.shape[1]] = x
        z[: y.shape[0], : y.shape[1]] += y
        return z


model = Model()
example_args = (torch.arange(6).reshape((2, 3)), torch.arange(6).reshape((3, 2)) * 10)
DYN = torch.export.Dim.DYNAMIC
dynamic_shapes = ({0: DYN, 1: DYN}, {0: DYN, 1: DYN})
