"""torch.autograd's Python surface: the context `Function.apply` passes to a
custom Function's static `forward`.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
Export traces `forward` (backward is never run); the context keeps what
`forward` saves so that code reading it back works.
"""


class FunctionCtx:
    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    def save_for_forward(self, *tensors):
        self.saved_tensors_for_forward = tensors

    def mark_dirty(self, *tensors):
        pass

    def mark_non_differentiable(self, *tensors):
        pass

    def set_materialize_grads(self, value):
        pass
