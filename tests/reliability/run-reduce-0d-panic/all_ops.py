import torch


class M(torch.nn.Module):
    def forward(self, x):
        return (
            x.sum(-1),
            x.mean(0),
            x.amax(-1),
            x.var(-1),
            x.cumsum(0),
            x.argmax(-1),
            x.norm(dim=-1),
            x.prod(-1),
            x.std(0),
            x.any(-1),
            x.all(-1),
            x.mean(-1, keepdim=True),
            x.logsumexp(-1),
            x.amin(0),
            x.cumprod(-1),
            x.argmin(0),
            x.softmax(-1),
        )


model = M()
example_args = (torch.randn(()),)
