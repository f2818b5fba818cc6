"""test_torch_check_eq_commutativity: torch._check(z1 != z2 + z3) then a branch on equality."""
import torch


class M2(torch.nn.Module):
    def forward(self, x1, x2, x3, y):
        z1 = x1.item()
        z2 = x2.item()
        z3 = x3.item()
        # instead of: torch._check((z2 + z3) != z1)
        torch._check(z1 != (z2 + z3))
        if z2 + z3 == z1:
            return y * 2
        else:
            return y + 3


model = M2()
example_args = (torch.tensor(6), torch.tensor(6), torch.tensor(6), torch.randn(1))
