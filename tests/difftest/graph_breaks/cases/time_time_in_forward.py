"""GB9193: time.time() in forward (a timing probe left in the model)."""
import time
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        start = time.time()
        y = torch.relu(x)
        return y * start


model = Model()
example_args = (torch.randn(4, 8),)
