"""vector_quantize_pytorch: CosineSimLinear (vector_quantize_pytorch.lookup_free_quantization), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from vector_quantize_pytorch.lookup_free_quantization import CosineSimLinear

model = CosineSimLinear(dim_in=32, dim_out=8).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
