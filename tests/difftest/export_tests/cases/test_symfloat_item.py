"""test_symfloat_item: .item() of a float tensor returned."""
import torch


class M(torch.nn.Module):
    def forward(self, tensor):
        return tensor.item()


model = M()
example_args = (torch.tensor([3.14], dtype=torch.float),)
