"""test_unbacked_3d_matmul: expand to an unbacked u0 // 2 then matmul."""
import torch


class Model(torch.nn.Module):
    def forward(self, x, repeat):
        u0 = repeat.item()
        t1 = x.unsqueeze(1).expand(x.size(0), u0 // 2, x.size(-1))
        t2 = torch.ones(3)
        return torch.matmul(t1, t2)


model = Model()
example_args = (torch.randn(4, 3), torch.scalar_tensor(2, dtype=torch.int))
