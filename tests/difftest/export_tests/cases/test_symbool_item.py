"""test_symbool_item: .item() of a bool tensor returned."""
import torch


class M(torch.nn.Module):
    def forward(self, tensor):
        return tensor.item()


model = M()
example_args = (torch.tensor([1], dtype=torch.bool),)
