"""torch.nn.utils.weight_norm (the hook-based form torch keeps beside
`parametrizations.weight_norm`): Python run by the exportlens tracer, never
by CPython (see nn.py). The weight is split into a magnitude `<name>_g` and
a direction `<name>_v`, registered after the module's other parameters, and
a forward pre-hook recomputes the weight with `torch._weight_norm` before
every call.
"""
import torch
from torch.nn.parameter import Parameter


def _pre_hooks(module):
    """The module's forward pre-hooks: id -> (hook, with_kwargs) (module.py)."""
    return getattr(module, "_forward_pre_hooks", None) or {}


class WeightNorm:
    def __init__(self, name, dim):
        self.name = name
        self.dim = -1 if dim is None else dim

    def compute_weight(self, module):
        magnitude = getattr(module, self.name + "_g")
        direction = getattr(module, self.name + "_v")
        return torch._weight_norm(direction, magnitude, self.dim)

    @staticmethod
    def apply(module, name, dim):
        for hook, _ in _pre_hooks(module).values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError(f"Cannot register two weight_norm hooks on the same parameter {name}")
        fn = WeightNorm(name, dim)
        weight = getattr(module, name)
        del module._parameters[name]
        module.register_parameter(name + "_g", Parameter(torch.norm_except_dim(weight, 2, fn.dim).data))
        module.register_parameter(name + "_v", Parameter(weight.data))
        setattr(module, name, fn.compute_weight(module))
        module.register_forward_pre_hook(fn)
        return fn

    def remove(self, module):
        weight = self.compute_weight(module)
        delattr(module, self.name)
        del module._parameters[self.name + "_g"]
        del module._parameters[self.name + "_v"]
        setattr(module, self.name, Parameter(weight.data))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def weight_norm(module, name="weight", dim=0):
    WeightNorm.apply(module, name, dim)
    return module


def remove_weight_norm(module, name="weight"):
    hooks = _pre_hooks(module)
    for key, (hook, _) in list(hooks.items()):
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(module)
            del hooks[key]
            return module
    raise ValueError(f"weight_norm of '{name}' not found in {module}")
