# ok
import torch


class Loops(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([torch.nn.Linear(4, 4) for _ in range(3)])
        self.gains = [0.5, 1.0, 2.0]

    def forward(self, x, y):
        h = x
        for i, layer in enumerate(self.layers):
            h = layer(h) * (i + 1)
        outs = []
        for gain, row in zip(self.gains, y.unbind(0)):
            outs.append(row * gain)
        acc = torch.zeros(4)
        for k in range(2, 5):
            acc = acc + h[0] * k
        z = torch.stack(outs)  # shape: f32[3, 4]
        return h, z, acc


example_args = (torch.randn(2, 4), torch.randn(3, 4))
model = Loops()
