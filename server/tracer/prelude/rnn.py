"""torch.nn recurrent modules (torch.nn.modules.rnn) as exportlens
interprets them: Python run by the tracer, never by CPython (see nn.py).

RNN, LSTM and GRU share RNNBase, which registers the flat per-layer
parameters under torch's names and in torch's order (`weight_ih_l0`,
`weight_hh_l0`, `bias_ih_l0`, `bias_hh_l0`, `weight_hr_l0` with a
projection, `..._reverse` for the second direction); a forward is one ATen
sequence op (`aten.lstm.input`, `aten.gru.input`, `aten.rnn_tanh.input`,
`aten.rnn_relu.input`) over zero initial states unless given. Packed
sequences are not modelled. The cells (RNNCell, LSTMCell, GRUCell) are one
ATen cell op per step (`aten.rnn_tanh_cell`, `aten.lstm_cell`, ...); a
missing state starts at zeros.
"""
import torch
from torch.nn import Module, Parameter


# The gates each mode stacks in its weights.
_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


class RNNBase(Module):

    # Parameter values are not modelled: (re)initializing them changes nothing the tracer follows.
    def reset_parameters(self):
        pass

    # cuDNN's flat weight buffer: nothing to flatten on CPU.
    def _init_flat_weights(self):
        pass

    def _update_flat_weights(self):
        pass

    def _weights_have_changed(self):
        return False

    def __init__(
        self,
        mode,
        input_size,
        hidden_size,
        num_layers=1,
        bias=True,
        batch_first=False,
        dropout=0.0,
        bidirectional=False,
        proj_size=0,
        device=None,
        dtype=None,
    ):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        if isinstance(dropout, bool) or not isinstance(dropout, (int, float)) or not 0 <= dropout <= 1:
            raise ValueError(
                "dropout should be a number in range [0, 1] representing the probability of an element being zeroed"
            )
        if not isinstance(bias, bool):
            raise TypeError(f"bias should be of type bool, got: {type(bias).__name__}")
        if not isinstance(batch_first, bool):
            raise TypeError(f"batch_first should be of type bool, got: {type(batch_first).__name__}")
        if not isinstance(input_size, int):
            raise TypeError(f"input_size should be of type int, got: {type(input_size).__name__}")
        if input_size <= 0:
            raise ValueError("input_size must be greater than zero")
        if not isinstance(hidden_size, int):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if mode not in _GATES:
            raise ValueError("Unrecognized RNN mode: " + mode)
        gate_size = _GATES[mode] * hidden_size
        directions = 2 if bidirectional else 1
        # The state each step feeds back: the projection when there is one.
        out_size = proj_size if proj_size > 0 else hidden_size
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            layer_input = input_size if layer == 0 else out_size * directions
            for direction in range(directions):
                suffix = f"l{layer}_reverse" if direction == 1 else f"l{layer}"
                shapes = [("weight_ih_", (gate_size, layer_input)), ("weight_hh_", (gate_size, out_size))]
                if bias:
                    shapes += [("bias_ih_", (gate_size,)), ("bias_hh_", (gate_size,))]
                if proj_size > 0:
                    shapes.append(("weight_hr_", (proj_size, hidden_size)))
                names = []
                for prefix, shape in shapes:
                    name = prefix + suffix
                    setattr(self, name, Parameter(torch.empty(shape, device=device, dtype=dtype)))
                    names.append(name)
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)

    @property
    def _flat_weights(self):
        return [getattr(self, name) for name in self._flat_weights_names]

    @property
    def all_weights(self):
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def flatten_parameters(self):
        # Only cuDNN packs the weights; on CPU (export) this does nothing.
        return None

    def _num_directions(self):
        return 2 if self.bidirectional else 1

    def check_input(self, input, batch_sizes):
        weight = self._flat_weights[0]
        if input.dtype != weight.dtype:
            raise ValueError(
                f"RNN input dtype ({input.dtype}) does not match weight dtype ({weight.dtype}). Convert input: input.to({weight.dtype}), or convert model: model.to({input.dtype})"
            )
        if input.dim() != 3:
            raise RuntimeError(f"input must have 3 dimensions, got {input.dim()}")
        if self.input_size != input.size(-1):
            raise RuntimeError(
                f"input.size(-1) must be equal to input_size. Expected {self.input_size}, got {input.size(-1)}"
            )

    def get_expected_hidden_size(self, input, batch_sizes):
        batch = input.size(0) if self.batch_first else input.size(1)
        width = self.proj_size if self.proj_size > 0 else self.hidden_size
        return (self.num_layers * self._num_directions(), batch, width)

    def check_hidden_size(self, hx, expected_hidden_size, msg="Expected hidden size {}, got {}"):
        if hx.size() != expected_hidden_size:
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden, self.get_expected_hidden_size(input, batch_sizes))

    def permute_hidden(self, hx, permutation):
        return hx

    def _zeros(self, input, width):
        batch = input.size(0) if self.batch_first else input.size(1)
        return torch.zeros(
            self.num_layers * self._num_directions(), batch, width, dtype=input.dtype, device=input.device
        )

    def _run(self, op, input, hx):
        return op(
            input,
            hx,
            self._flat_weights,
            self.bias,
            self.num_layers,
            self.dropout,
            self.training,
            self.bidirectional,
            self.batch_first,
        )

    def _single_state_forward(self, kind, op, input, hx):
        # RNN and GRU: one hidden state; a 2-D input is one unbatched sequence.
        if input.dim() not in (2, 3):
            raise ValueError(f"{kind}: Expected input to be 2D or 3D, got {input.dim()}D tensor instead")
        batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not batched:
            input = input.unsqueeze(batch_dim)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError(
                        f"For unbatched 2-D input, hx should also be 2-D but got {hx.dim()}-D tensor"
                    )
                hx = hx.unsqueeze(1)
        elif hx is not None and hx.dim() != 3:
            raise RuntimeError(f"For batched 3-D input, hx should also be 3-D but got {hx.dim()}-D tensor")
        if hx is None:
            hx = self._zeros(input, self.hidden_size)
        self.check_forward_args(input, hx, None)
        result = self._run(op, input, [hx])
        output, hidden = result[0], result[1]
        if not batched:
            output = output.squeeze(batch_dim)
            hidden = hidden.squeeze(1)
        return output, hidden


class RNN(RNNBase):
    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif self.nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)

    def forward(self, input, hx=None):
        op = torch.rnn_tanh if self.mode == "RNN_TANH" else torch.rnn_relu
        return self._single_state_forward("RNN", op, input, hx)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        return self._single_state_forward("GRU", torch.gru, input, hx)


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes):
        batch = input.size(0) if self.batch_first else input.size(1)
        return (self.num_layers * self._num_directions(), batch, self.hidden_size)

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(
            hidden[0], self.get_expected_hidden_size(input, batch_sizes), "Expected hidden[0] size {}, got {}"
        )
        self.check_hidden_size(
            hidden[1], self.get_expected_cell_size(input, batch_sizes), "Expected hidden[1] size {}, got {}"
        )

    def forward(self, input, hx=None):
        if input.dim() not in (2, 3):
            raise ValueError(f"LSTM: Expected input to be 2D or 3D, got {input.dim()}D instead")
        batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not batched:
            input = input.unsqueeze(batch_dim)
        if hx is None:
            width = self.proj_size if self.proj_size > 0 else self.hidden_size
            hx = (self._zeros(input, width), self._zeros(input, self.hidden_size))
        else:
            rank = 3 if batched else 2
            if hx[0].dim() != rank or hx[1].dim() != rank:
                what = "batched 3-D" if batched else "unbatched 2-D"
                raise RuntimeError(
                    f"For {what} input, hx and cx should also be {rank}-D but got ({hx[0].dim()}-D, {hx[1].dim()}-D) tensors"
                )
            if not batched:
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
        self.check_forward_args(input, hx, None)
        result = self._run(torch.lstm, input, [hx[0], hx[1]])
        output, hidden = result[0], (result[1], result[2])
        if not batched:
            output = output.squeeze(batch_dim)
            hidden = (hidden[0].squeeze(1), hidden[1].squeeze(1))
        return output, hidden


class RNNCellBase(Module):

    # Parameter values are not modelled: (re)initializing them changes nothing the tracer follows.
    def reset_parameters(self):
        pass

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
