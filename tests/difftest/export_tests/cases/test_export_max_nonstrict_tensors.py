"""test_export_max_nonstrict: max()/min() over tensors and with ints."""
import torch


class FooMaxTensorsIter(torch.nn.Module):
    def forward(self, x):
        return max([x, x]) + min([x, x]) + max(x, 5) + min(x, 3)


model = FooMaxTensorsIter()
example_args = (torch.tensor(4),)
