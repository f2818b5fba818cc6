"""test_export_cond_preserve_torch_fn_for_subgraphs: cond branches are a submodule's forward and a method."""
import torch


from functorch.experimental.control_flow import cond


class MySubModule(torch.nn.Module):
    def foo(self, x):
        return x.cos()

    def forward(self, x):
        return self.foo(x)


class CondBranchClassMethod(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.subm = MySubModule()

    def bar(self, x):
        return x.sin()

    def forward(self, x):
        return cond(x.sum() <= 2, self.subm.forward, self.bar, [x])


model = CondBranchClassMethod()
example_args = (torch.randn(1, 3, 3, 3),)
