import torch


class Branch(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        if y.sum() > 0:  # error[strict:GB0170]  # error[nonstrict:data_dependent]
            return y + 1
        return y - 1


example_args = (torch.randn(3, 4),)
model = Branch()
