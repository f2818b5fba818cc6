"""test_symbolic_tracing_within_fake_mode_with_constraints: matmul + add, a view to d0*d1 and a cat, with a shared dynamic batch (test/dynamo/test_export.py)."""
import torch
from torch.export import Dim


class DynamicShapeSimpleModel(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b, c) -> torch.Tensor:
        d = (torch.matmul(a, b) + c) / 2
        d_s0 = d.shape[0]
        d_s1 = d.shape[1]
        d_s3 = d_s0 * d_s1
        e = d.view(d_s3)
        return torch.cat([e, e])


model = DynamicShapeSimpleModel()
example_args = (torch.randn(2, 4), torch.randn(4, 7), torch.randn(2, 7))
batch = Dim("batch")
dynamic_shapes = ({0: batch}, None, {0: batch})
