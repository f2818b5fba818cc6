"""GB5821: register_post_accumulate_grad_hook on an intermediate."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        y.register_post_accumulate_grad_hook(lambda p: None)
        return y


model = Model()
example_args = (torch.randn(4, 8),)
