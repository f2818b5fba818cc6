"""test_is_exporting: torch.compiler.is_exporting() picks branches, inside and outside torch.cond."""
import torch


class Mod(torch.nn.Module):
    def forward(self, pred, x):
        def f(x):
            return x.sin() if torch.compiler.is_exporting() else x.cos()

        y = f(x)

        def true_fn(x):
            return f(x) - 1 if torch.compiler.is_exporting() else f(x) + 1

        def false_fn(x):
            return f(x) + 1 if torch.compiler.is_exporting() else f(x) - 1

        return torch.cond(pred, true_fn, false_fn, (x,)) * y


model = Mod()
example_args = (torch.tensor(False), torch.randn(3, 4))
