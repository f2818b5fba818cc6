"""GB9890: bytes() of a tensor shape built at runtime."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        tag = bytes(x.int().tolist()[0])
        return x * len(tag)


model = Model()
example_args = (torch.ones(2, 3),)
