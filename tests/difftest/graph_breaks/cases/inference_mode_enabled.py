"""GB0046: torch.is_inference_mode_enabled() in forward."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        if torch.is_inference_mode_enabled():
            return x
        return x.relu()


model = Model()
example_args = (torch.randn(4, 8),)
