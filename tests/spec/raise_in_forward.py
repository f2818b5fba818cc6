import torch


class Raises(torch.nn.Module):
    def forward(self, x):
        if x.dim() != 3:
            raise ValueError("expected a 3-d input")  # error[GB0088]  # error[nonstrict:other]
        return x


example_args = (torch.randn(3, 4),)
model = Raises()
