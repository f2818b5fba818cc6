"""test_unbacked_linear_layer_norm_input: masked_select viewed to (-1, 387) feeds a linear and a layer norm."""
import torch


class MyModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(387, 128, bias=True)
        self.layer_norm = torch.nn.LayerNorm(387)

    def forward(self, x, mask):
        masked_select = x.masked_select(mask)
        view = masked_select.view(-1, 387)

        linear = self.linear(view)
        layer_norm = self.layer_norm(view)
        return linear, layer_norm


model = MyModel()
example_args = (torch.randn((256, 387), dtype=torch.float), torch.randint(low=0, high=1, size=(256, 1), dtype=torch.bool))
