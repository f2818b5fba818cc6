# eval/exec of a string: non-strict export runs it as Python (its ops
# are attributed to the calling line); Dynamo fails to trace the builtin.
import torch


class Evaluates(torch.nn.Module):
    def forward(self, x):
        exec("x = x + 1")  # shape[nonstrict]: f32[4, 3]  # error[GB0059]
        y = eval("x * 2")  # shape[nonstrict]: f32[4, 3]
        return y + eval("2 * 3")


example_args = (torch.randn(4, 3),)
model = Evaluates()
