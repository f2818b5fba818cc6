"""torch.nn dropout modules (torch.nn.modules.dropout): nn.Dropout
(`aten.dropout`), the channel-wise ones (`aten.feature_dropout`) and the
alpha dropouts, as exportlens interprets them (Python run by the tracer,
see nn.py). export keeps the dropout node, with `train=False` in eval mode.
"""
import torch.nn.functional as F
from torch.nn import Module


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace


class Dropout(_DropoutNd):
    def forward(self, input):
        return F.dropout(input, self.p, self.training, inplace=self.inplace)


class Dropout1d(_DropoutNd):
    def forward(self, input):
        return F.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    def forward(self, input):
        return F.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    def forward(self, input):
        return F.dropout3d(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    def forward(self, input):
        return F.alpha_dropout(input, self.p, self.training)


class FeatureAlphaDropout(_DropoutNd):
    def forward(self, input):
        return F.feature_alpha_dropout(input, self.p, self.training)
