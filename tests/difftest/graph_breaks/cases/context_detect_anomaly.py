"""GB0008: torch.autograd.set_detect_anomaly around the forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        with torch.autograd.set_detect_anomaly(True):
            y = x.exp()
        return y


model = Model()
example_args = (torch.randn(4, 8),)
