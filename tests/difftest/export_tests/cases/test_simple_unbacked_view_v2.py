"""test_simple_unbacked_view: zeros(a).reshape(b) for two tolist() values."""
import torch


class Foov2(torch.nn.Module):
    def forward(self, xs):
        xsl = xs.tolist()
        a, b = xsl
        x = torch.zeros(a)
        return x.reshape(b)


model = Foov2()
example_args = (torch.tensor([4, 4]),)
