import torch
import torch.nn as nn
from torch.export import Dim


class Recurrent(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNN(4, 8, 2, nonlinearity="relu", batch_first=True)
        self.lstm = nn.LSTM(8, 6, proj_size=3, bidirectional=True)
        self.gru = nn.GRU(6, 5, bias=False)

    def forward(self, x, h0):
        seq, h = self.rnn(x, h0)
        out, (hp, cp) = self.lstm(seq.transpose(0, 1))
        last, hg = self.gru(out[:, 0])
        return out, h, hp, cp, last, hg


model = Recurrent()
example_args = (torch.randn(3, 7, 4), torch.randn(2, 3, 8))
batch = Dim("batch")
dynamic_shapes = {"x": {0: batch}, "h0": {1: batch}}
