"""GB0208: torch.random.fork_rng around dropout."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        with torch.random.fork_rng():
            y = torch.nn.functional.dropout(x, 0.1)
        return y


model = Model()
example_args = (torch.randn(4, 8),)
