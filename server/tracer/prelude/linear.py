"""torch.nn.modules.linear as exportlens interprets it: Identity, Linear
(and NonDynamicallyQuantizableLinear, the subclass attention layers use for
their output projection), Bilinear and LazyLinear. Run by the tracer, never
by CPython (see nn.py).

Lazy modules (here and in conv.py) register their parameters as empty slots
and fill them from the first input they see (`_LazyParameters`): in eager
code and under strict export, as torch materializes them; under non-strict
export an uninitialized lazy module is an error, as torch reports it.
"""
import torch
import torch.nn.functional as F
from torch.nn import Module, Parameter


def _register_bias(module, bias, size, device, dtype):
    # A layer's bias: a parameter of `size` after its weight, or an empty slot.
    if bias:
        module.bias = Parameter(torch.empty(size, device=device, dtype=dtype))
    else:
        module.register_parameter("bias", None)


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty((out_features, in_features), device=device, dtype=dtype))
        _register_bias(self, bias, out_features, device, dtype)

    def reset_parameters(self):
        pass

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)


class NonDynamicallyQuantizableLinear(Linear):
    pass


class Bilinear(Module):
    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        if in1_features <= 0:
            raise ValueError(f"in1_features must be > 0, but got (in1_features={in1_features})")
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        self.weight = Parameter(
            torch.empty((out_features, in1_features, in2_features), device=device, dtype=dtype)
        )
        _register_bias(self, bias, out_features, device, dtype)

    def reset_parameters(self):
        pass

    def forward(self, input1, input2):
        return F.bilinear(input1, input2, self.weight, self.bias)


_UNINITIALIZED = (
    "Attempted to use an uninitialized parameter in <method '_is_view' of 'torch._C.TensorBase' objects>. "
    "This error happens when you are using a `LazyModule` or explicitly manipulating "
    "`torch.nn.parameter.UninitializedParameter` objects. When using LazyModules Call `forward` with a "
    "dummy batch to initialize the parameters before calling torch functions"
)


class _LazyParameters:
    """What a lazy module adds to the layer it becomes: parameters registered
    empty, given their shapes by the first call (`_materialize(input)`)."""

    def _infer_parameters(self, module, args, kwargs=None):
        module.initialize_parameters(*args, **(kwargs or {}))

    def _lazy_load_hook(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        pass

    def initialize_parameters(self, input, *args, **kwargs):
        self._ensure_materialized(input)


    def _register_lazy(self, bias):
        # The layer's constructor ran without a bias: both slots stay, empty.
        self.weight = None
        self._lazy_bias = bias
        self._lazy = True

    def has_uninitialized_params(self):
        return self._lazy

    def _ensure_materialized(self, input):
        if not self._lazy:
            return
        if torch.compiler.is_exporting() and not torch.compiler.is_dynamo_compiling():
            raise ValueError(_UNINITIALIZED)
        # Dynamo infers a lazy module's parameters before it traces the call:
        # the new parameters are no ops of the graph.
        torch._exportlens_untraced(_materialize_lazy, self, input)
        self._lazy = False

    def _new_parameter(self, *shape):
        return Parameter(torch.empty(shape))

    def forward(self, input, *args, **kwargs):
        self._ensure_materialized(input)
        return super().forward(input, *args, **kwargs)


def _materialize_lazy(module, input):
    module._materialize(input)


class LazyLinear(_LazyParameters, Linear):
    def __init__(self, out_features, bias=True, device=None, dtype=None):
        Linear.__init__(self, 0, 0, False, device, dtype)
        self.out_features = out_features
        self._register_lazy(bias)

    def _materialize(self, input):
        self.in_features = input.shape[-1]
        self.weight = self._new_parameter(self.out_features, self.in_features)
        if self._lazy_bias:
            self.bias = self._new_parameter(self.out_features)
