"""test_export_func_with_var_keyword_pytree_args: nested lists/tuples through *args, keyword-only and **kwargs."""
import torch


class Module(torch.nn.Module):
    def forward(self, arg1, arg2, *args, kw1, kw2, **kwargs):
        return (
            arg1 + arg2[0][0] + args[0] + kw1[0] + kwargs["kw3"][0],
            arg2[1] + args[1] + kw2 + kwargs["kw4"],
        )


model = Module()
example_args = (torch.ones(2, 3), [(torch.ones(2, 3),), torch.ones(3, 4)], torch.ones(2, 3), torch.ones(3, 4))
example_kwargs = {
    "kw1": (torch.ones(2, 3),),
    "kw2": torch.ones(3, 4),
    "kw3": (torch.ones(2, 3), torch.ones(3, 4)),
    "kw4": torch.ones(3, 4),
}
