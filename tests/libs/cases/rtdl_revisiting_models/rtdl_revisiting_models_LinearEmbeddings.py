"""rtdl_revisiting_models: LinearEmbeddings (rtdl_revisiting_models), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from rtdl_revisiting_models import LinearEmbeddings

model = LinearEmbeddings(n_features=32, d_embedding=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
