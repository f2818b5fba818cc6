"""test_map: functorch map over rows with two extra tensor operands."""
import torch


from functorch.experimental.control_flow import map


class Module(torch.nn.Module):
    def forward(self, xs, y, z):
        def body(x, y, z):
            return x + y + z

        return map(body, xs, y, z)


model = Module()
example_args = (torch.ones(6, 4), torch.tensor(5), torch.tensor(4))
