"""pytorch_metric_learning: DoNothingReducer (pytorch_metric_learning.reducers.do_nothing_reducer), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from pytorch_metric_learning.reducers import DoNothingReducer

model = DoNothingReducer().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32), torch.randn(2, 8, 32),)
dynamic_shapes = {"loss_dict": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "embeddings": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "labels": {0: Dim("batch")}}
