import torch
import torch.nn as nn
from torch.export import Dim


class Cells(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNNCell(6, 5)
        self.rnn_relu = nn.RNNCell(6, 5, nonlinearity="relu", bias=False)
        self.lstm = nn.LSTMCell(6, 7)
        self.gru = nn.GRUCell(6, 4)

    def forward(self, x):
        a = self.rnn(x)
        b = self.rnn_relu(x, a)
        hc, cc = self.lstm(x)
        g = self.gru(x)
        return a + b, hc, cc, g


model = Cells().eval()
example_args = (torch.randn(3, 6),)
dynamic_shapes = {"x": {0: Dim("batch")}}
