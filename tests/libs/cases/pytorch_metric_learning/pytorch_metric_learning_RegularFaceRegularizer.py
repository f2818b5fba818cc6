"""pytorch_metric_learning: RegularFaceRegularizer (pytorch_metric_learning.regularizers.regular_face_regularizer), defaults, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from pytorch_metric_learning.regularizers import RegularFaceRegularizer

model = RegularFaceRegularizer().eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
