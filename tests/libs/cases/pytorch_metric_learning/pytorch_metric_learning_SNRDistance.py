"""pytorch_metric_learning: SNRDistance (pytorch_metric_learning.distances.snr_distance), defaults, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from pytorch_metric_learning.distances import SNRDistance

model = SNRDistance().eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"query_emb": {0: Dim.AUTO}}
