"""pytorch_metric_learning: DotProductSimilarity (pytorch_metric_learning.distances.dot_product_similarity), defaults, eval mode."""
import torch
from pytorch_metric_learning.distances import DotProductSimilarity

model = DotProductSimilarity().eval()
example_args = (torch.randn(2, 32),)
