"""mambapy: RMSNorm (mambapy.onnx.mamba_onnx), small configuration, eval mode."""
import torch
from mambapy.onnx.mamba_onnx import RMSNorm

model = RMSNorm(d_model=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
