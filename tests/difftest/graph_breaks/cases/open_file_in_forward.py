"""GB0059: open() in forward, writing a log line."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        y = x.relu()
        with open("/dev/null", "w") as f:
            f.write("step")
        return y


model = Model()
example_args = (torch.randn(4, 8),)
