"""torch.nn.utils.parametrize as exportlens interprets it: Python run by
the tracer, never by CPython (see nn.py).

`register_parametrization` moves a parameter (or buffer) into
`module.parametrizations[name]` (a ParametrizationList holding `original`,
or `original0`, `original1`, ... when the parametrization's
`right_inverse` splits it) and every read of `module.<name>` recomputes it
by calling that list. torch reads it through a property injected into a
subclass made for the module; the tracer's attribute lookup finds the
parametrization directly (`Interp::object_attr_raw`), to the same effect.
The parametrizations themselves are parametrizations.py.
"""
import torch
from torch.nn import Module, ModuleDict, ModuleList, Parameter


class ParametrizationList(ModuleList):
    def __init__(self, modules, original, unsafe=False):
        super().__init__(modules)
        self.unsafe = unsafe
        new = original
        if hasattr(modules[0], "right_inverse"):
            new = modules[0].right_inverse(original)
        self.is_tensor = isinstance(new, torch.Tensor)
        self.ntensors = 1 if self.is_tensor else len(new)
        if self.is_tensor:
            self.original = Parameter(new, original.requires_grad)
        else:
            for i, t in enumerate(new):
                self.register_parameter(f"original{i}", Parameter(t, original.requires_grad))

    def forward(self):
        if self.is_tensor:
            x = self[0](self.original)
        else:
            originals = (getattr(self, f"original{i}") for i in range(self.ntensors))
            x = self[0](*originals)
        for i in range(1, len(self)):
            x = self[i](x)
        return x


def is_parametrized(module, tensor_name=None):
    parametrizations = getattr(module, "parametrizations", None)
    if parametrizations is None or not isinstance(parametrizations, ModuleDict):
        return False
    if tensor_name is None:
        return len(parametrizations) > 0
    return tensor_name in parametrizations


def register_parametrization(module, tensor_name, parametrization, *, unsafe=False):
    if is_parametrized(module, tensor_name):
        module.parametrizations[tensor_name].append(parametrization)
        return module
    if tensor_name not in module._parameters and tensor_name not in module._buffers:
        raise ValueError(
            f"Module '{module}' does not have a parameter, a buffer, or a "
            f"parametrized element with name '{tensor_name}'"
        )
    original = getattr(module, tensor_name)
    parametrizations = ParametrizationList([parametrization], original, unsafe=unsafe)
    delattr(module, tensor_name)
    if not is_parametrized(module):
        module.parametrizations = ModuleDict()
    module.parametrizations[tensor_name] = parametrizations
    return module
