"""torch.nn recurrent cells (torch.nn.modules.rnn: RNNCell, LSTMCell,
GRUCell) as exportlens interprets them: Python run by the tracer, never by
CPython (see nn.py). Each step is one ATen cell op (`aten.rnn_tanh_cell`,
`aten.lstm_cell`, ...); a missing state starts at zeros. RNN, LSTM and GRU
are still Rust modules.
"""
import torch
from torch.nn import Module, Parameter


class RNNCellBase(Module):
    _kind = "RNNCell"

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty(num_chunks * hidden_size, input_size, device=device, dtype=dtype))
        self.weight_hh = Parameter(torch.empty(num_chunks * hidden_size, hidden_size, device=device, dtype=dtype))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)

    def _batched(self, input, hx):
        # A 1-D input is one unbatched step; a missing state starts at zeros
        # (LSTMCell's state is an (h, c) pair).
        if input.dim() not in (1, 2):
            raise ValueError(f"{self._kind}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        states = hx if self._kind == "LSTMCell" and hx is not None else (hx,)
        for h in states:
            if h is not None and h.dim() not in (1, 2):
                raise ValueError(f"{self._kind}: Expected hidden to be 1D or 2D, got {h.dim()}D instead")
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
            hx = (zeros, zeros) if self._kind == "LSTMCell" else zeros
        elif not batched:
            hx = tuple(h.unsqueeze(0) for h in hx) if self._kind == "LSTMCell" else hx.unsqueeze(0)
        return input, hx, batched

    def _step(self, cell, input, hx):
        input, hx, batched = self._batched(input, hx)
        out = cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return out if batched else out.squeeze(0)


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 1, device, dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        if self.nonlinearity == "tanh":
            return self._step(torch.rnn_tanh_cell, input, hx)
        if self.nonlinearity == "relu":
            return self._step(torch.rnn_relu_cell, input, hx)
        raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")


class GRUCell(RNNCellBase):
    _kind = "GRUCell"

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 3, device, dtype)

    def forward(self, input, hx=None):
        return self._step(torch.gru_cell, input, hx)


class LSTMCell(RNNCellBase):
    _kind = "LSTMCell"

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 4, device, dtype)

    def forward(self, input, hx=None):
        input, hx, batched = self._batched(input, hx)
        h, c = torch.lstm_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not batched:
            return h.squeeze(0), c.squeeze(0)
        return h, c
