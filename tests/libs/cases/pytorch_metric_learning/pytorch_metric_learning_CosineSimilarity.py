"""pytorch_metric_learning: CosineSimilarity (pytorch_metric_learning.distances.cosine_similarity), defaults, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from pytorch_metric_learning.distances import CosineSimilarity

model = CosineSimilarity().eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"query_emb": {0: Dim("batch")}}
