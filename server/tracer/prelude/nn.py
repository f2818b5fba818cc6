"""torch.nn modules as exportlens interprets them.

This file is Python run by the exportlens tracer (never by CPython): each
class is an nn.Module written from torch's documented constructor, its
registered parameters and buffers (names and order as torch registers
them) and what its forward calls. The tracer resolves `torch.nn.NAME` (and
`torch.nn.modules.*.NAME`) to the prelude class of that name; nn.Module
itself is module.py.

Forwards call `torch.nn.functional` / tensor ops, which the Rust op registry
records as ATen ops. Frames of this file are not user code: failures,
guards and nodes are attributed to the user's line that called the module.

This file holds the containers, padding and vision layers, and the
affine-parameter registration the norms share; the other
modules live in the prelude file named after torch's
`torch/nn/modules/<file>.py` (batchnorm.py, activation.py, ...). To add a
module: write its class there (constructor attributes as torch names
them, forward as torch computes it) and a case under tests/corpus/cases/
with ground truth from the oracle.
"""
import operator
from collections import OrderedDict

import torch
import torch.nn.functional as F
from torch.nn import Module, Parameter


def _ntuple(value, n):
    if isinstance(value, (tuple, list)):
        return tuple(value)
    return (value,) * n


def _affine_parameters(module, affine, bias, shape, device, dtype):
    """Register `weight` (ones) and `bias` (zeros) of `shape`, or None
    entries: torch creates them empty and resets them to ones and zeros."""
    if affine:
        module.weight = Parameter(torch.ones(shape, device=device, dtype=dtype))
        if bias:
            module.bias = Parameter(torch.zeros(shape, device=device, dtype=dtype))
        else:
            module.register_parameter("bias", None)
    else:
        module.register_parameter("weight", None)
        module.register_parameter("bias", None)



# ----- Containers ---------------------------------------------------------------


def _index(n, idx):
    """A non-negative position for `idx` in a container of `n` items."""
    idx = operator.index(idx)
    if not -n <= idx < n:
        raise IndexError(f"index {idx} is out of range")
    return idx + n if idx < 0 else idx


class Sequential(Module):

    def _get_item_by_idx(self, iterator, idx):
        return list(iterator)[_index(len(self), idx)]

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for key in list(self._modules.keys())[idx]:
                del self._modules[key]
        else:
            del self._modules[list(self._modules.keys())[_index(len(self), idx)]]
        modules = list(self._modules.values())
        self._modules.clear()
        for i, module in enumerate(modules):
            self._modules[str(i)] = module

    def insert(self, index, module):
        if not isinstance(module, Module):
            raise AssertionError(f"module should be of type: {Module}")
        n = len(self._modules)
        if not (-n <= index <= n):
            raise IndexError(f"Index out of range: {index}")
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def pop(self, key):
        value = self[key]
        del self[key]
        return value

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], dict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(OrderedDict(list(self._modules.items())[idx]))
        return list(self._modules.values())[_index(len(self), idx)]

    def __setitem__(self, idx, module):
        key = list(self._modules.keys())[_index(len(self), idx)]
        self.add_module(key, module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __add__(self, other):
        return Sequential(*(list(self) + list(other)))

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, sequential):
        for module in sequential:
            self.append(module)
        return self

    def forward(self, input):
        for module in self:
            input = module(input)
        return input


class ModuleList(Module):

    def _get_abs_string_index(self, idx):
        return str(_index(len(self), idx))

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for key in list(self._modules.keys())[idx]:
                del self._modules[key]
        else:
            del self._modules[self._get_abs_string_index(idx)]
        modules = list(self._modules.values())
        self._modules.clear()
        for i, module in enumerate(modules):
            self._modules[str(i)] = module

    def pop(self, key):
        value = self[key]
        del self[key]
        return value

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(list(self._modules.values())[idx])
        return self._modules[str(_index(len(self), idx))]

    def __setitem__(self, idx, module):
        self.add_module(str(_index(len(self), idx)), module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        return ModuleList(list(self) + list(other))

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        for module in modules:
            self.append(module)
        return self

    def insert(self, index, module):
        items = list(self._modules.values())
        items.insert(index, module)
        for i, m in enumerate(items):
            self.add_module(str(i), m)


class ModuleDict(Module):

    def __delitem__(self, key):
        del self._modules[key]

    def clear(self):
        self._modules.clear()

    def pop(self, key):
        value = self[key]
        del self[key]
        return value

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def update(self, modules):
        if isinstance(modules, dict):
            for key, module in modules.items():
                self[key] = module
        else:
            for key, module in modules:
                self[key] = module


class ParameterList(Module):

    def _get_abs_string_index(self, idx):
        return str(_index(len(self), idx))

    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self.extend(values)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return ParameterList(list(self)[idx])
        return getattr(self, str(_index(len(self), idx)))

    def __setitem__(self, idx, param):
        if isinstance(param, torch.Tensor) and not isinstance(param, Parameter):
            param = Parameter(param)
        setattr(self, str(_index(len(self), idx)), param)

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter([self[i] for i in range(len(self))])

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def append(self, value):
        index = len(self)
        self._size += 1
        self[index] = value
        return self

    def extend(self, values):
        for value in values:
            self.append(value)
        return self


class ParameterDict(Module):

    def _key_to_attr(self, key):
        if not isinstance(key, str):
            raise TypeError(
                f"Index given to ParameterDict cannot be used as a key as it is not a string (type is '{type(key).__name__}'). Open an issue on github if you need non-string keys."
            )
        return key

    def clear(self):
        for key in list(self._keys):
            del self[key]

    def copy(self):
        return ParameterDict([(k, self[k]) for k in self._keys])

    def fromkeys(self, keys, default=None):
        return ParameterDict([(k, default) for k in keys])

    def popitem(self):
        key = list(self._keys)[-1]
        value = self[key]
        del self[key]
        return key, value

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def __init__(self, parameters=None):
        super().__init__()
        self._keys = {}
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        return getattr(self, key)

    def __setitem__(self, key, value):
        if isinstance(value, torch.Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        self._keys[key] = None
        setattr(self, key, value)

    def __delitem__(self, key):
        del self._keys[key]
        delattr(self, key)

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(list(self._keys))

    def __contains__(self, key):
        return key in self._keys

    def keys(self):
        return list(self._keys)

    def items(self):
        return [(k, self[k]) for k in self._keys]

    def values(self):
        return [self[k] for k in self._keys]

    def get(self, key, default=None):
        return self[key] if key in self else default

    def pop(self, key):
        value = self[key]
        del self[key]
        return value

    def update(self, parameters):
        pairs = parameters.items() if hasattr(parameters, "items") else parameters
        for key, value in pairs:
            self[key] = value


# ----- Padding ------------------------------------------------------------------


class _PadNd(Module):
    _mode = "constant"
    _sides = 2

    def __init__(self, padding):
        super().__init__()
        self.padding = _ntuple(padding, self._sides)

    def forward(self, input):
        return F.pad(input, self.padding, self._mode)


class _ConstantPadNd(Module):
    _sides = 2

    def __init__(self, padding, value):
        super().__init__()
        self.padding = _ntuple(padding, self._sides)
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, "constant", self.value)


class _ZeroPadNd(_ConstantPadNd):
    def __init__(self, padding):
        super().__init__(padding, 0.0)


class _ReflectionPadNd(_PadNd):
    _mode = "reflect"


class _ReplicationPadNd(_PadNd):
    _mode = "replicate"


class _CircularPadNd(_PadNd):

    def _check_input_dim(self, input):
        unbatched = self._sides // 2 + 1
        if input.dim() != unbatched and input.dim() != unbatched + 1:
            raise ValueError(f"expected {unbatched}D or {unbatched + 1}D input (got {input.dim()}D input)")

    def forward(self, input):
        self._check_input_dim(input)
        return F.pad(input, self.padding, "circular")

    _mode = "circular"


class ReflectionPad1d(_ReflectionPadNd): _sides = 2
class ReflectionPad2d(_ReflectionPadNd): _sides = 4
class ReflectionPad3d(_ReflectionPadNd): _sides = 6
class ReplicationPad1d(_ReplicationPadNd): _sides = 2
class ReplicationPad2d(_ReplicationPadNd): _sides = 4
class ReplicationPad3d(_ReplicationPadNd): _sides = 6
class CircularPad1d(_CircularPadNd): _sides = 2
class CircularPad2d(_CircularPadNd): _sides = 4
class CircularPad3d(_CircularPadNd): _sides = 6
class ConstantPad1d(_ConstantPadNd): _sides = 2
class ConstantPad2d(_ConstantPadNd): _sides = 4
class ConstantPad3d(_ConstantPadNd): _sides = 6
class ZeroPad1d(_ZeroPadNd): _sides = 2
class ZeroPad2d(_ZeroPadNd): _sides = 4
class ZeroPad3d(_ZeroPadNd): _sides = 6


# ----- Vision layers ------------------------------------------------------------


class PixelShuffle(Module):
    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Module):
    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)


class ChannelShuffle(Module):
    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return F.channel_shuffle(input, self.groups)


class Upsample(Module):
    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
        super().__init__()
        self.name = type(self).__name__
        self.size = size
        if isinstance(scale_factor, tuple):
            self.scale_factor = tuple(float(f) for f in scale_factor)
        else:
            self.scale_factor = float(scale_factor) if scale_factor else None
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return F.interpolate(
            input,
            self.size,
            self.scale_factor,
            self.mode,
            self.align_corners,
            recompute_scale_factor=self.recompute_scale_factor,
        )


class UpsamplingNearest2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)
