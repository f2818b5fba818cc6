"""torch.nn.Module as exportlens interprets it (torch.nn.modules.module).

Python run by the exportlens tracer, never by CPython. Every model, library
module and container derives from this class. Its instances carry torch's
registries as the native base `_ModuleStorage` allocates them: the dicts
`_parameters`, `_buffers` and `_modules` (live: writing to them registers),
the set `_non_persistent_buffers_set` and the flag `training`. The
attribute protocol torch implements in `__getattr__`/`__setattr__`/
`__delattr__` (a Parameter, Module or buffer assigned to an attribute goes
to its registry; reading an attribute falls back to the registries) is
native too, since every `self.x` of every forward goes through it. Every
method below is the behaviour torch documents for it, on those registries.

To change what a Module method does, change it here; the exporter reads
the same registries to build the exported program's signature.
"""
import torch
from torch._C import _ModuleStorage
from torch.nn import Buffer, Parameter


def _check_state_name(module, kind, name, registry):
    if not isinstance(name, str):
        raise TypeError(f"{kind} name should be a string. Got {type(name).__name__}")
    if "." in name:
        raise KeyError(f'{kind} name can\'t contain "."')
    if name == "":
        raise KeyError(f'{kind} name can\'t be empty string ""')
    if hasattr(module, name) and name not in registry:
        raise KeyError(f"attribute '{name}' already exists")


class RemovableHandle:
    """torch.utils.hooks.RemovableHandle: removes its hook from the dict
    it was added to."""

    next_id = 0

    def __init__(self, hooks_dict):
        self.hooks_dict = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1

    def remove(self):
        self.hooks_dict.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()


def _add_hook(module, registry, entry, prepend):
    hooks = getattr(module, registry, None)
    if hooks is None:
        hooks = {}
        setattr(module, registry, hooks)
    handle = RemovableHandle(hooks)
    if prepend:
        rest = list(hooks.items())
        hooks.clear()
        hooks[handle.id] = entry
        for key, value in rest:
            hooks[key] = value
    else:
        hooks[handle.id] = entry
    return handle


class Module(_ModuleStorage):
    def __init__(self, *args, **kwargs):
        if args:
            raise TypeError(f"{type(self).__name__}.__init__() takes 1 positional argument but {len(args) + 1} were given")
        if kwargs:
            key = next(iter(kwargs))
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument '{key}'")

    def forward(self, *input):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        return ""

    # ----- registration ---------------------------------------------------------------

    def register_buffer(self, name, tensor, persistent=True):
        _check_state_name(self, "buffer", name, self._buffers)
        if tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError(
                f"cannot assign '{type(tensor).__name__}' object to buffer '{name}' (torch Tensor or None required)"
            )
        self._buffers[name] = None if tensor is None else Buffer(tensor, persistent=persistent)
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        _check_state_name(self, "parameter", name, self._parameters)
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError(
                f"cannot assign '{type(param).__name__}' object to parameter '{name}' (torch.nn.Parameter or None required)"
            )
        else:
            self._parameters[name] = param

    def add_module(self, name, module):
        if module is not None and not isinstance(module, Module):
            raise TypeError(f"{type(module).__name__} is not a Module subclass")
        _check_state_name(self, "module", name, self._modules)
        self._modules[name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    # ----- hooks ----------------------------------------------------------------------
    # `module(...)` runs them around `forward` when any is registered (the
    # tracer's call of a module looks for `_forward_pre_hooks` and
    # `_forward_hooks` and then calls `_call_with_hooks`).

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        return _add_hook(self, "_forward_pre_hooks", (hook, with_kwargs), prepend)

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        return _add_hook(self, "_forward_hooks", (hook, with_kwargs), prepend)

    def __call__(self, *args, **kwargs):
        return torch._exportlens_call_module(self, args, kwargs)

    # Backward and state-dict hooks are kept (a handle removes them) and never
    # run: export traces no backward pass and saves no state dict.
    def register_full_backward_hook(self, hook, prepend=False):
        return _add_hook(self, "_backward_hooks", hook, prepend)

    def register_full_backward_pre_hook(self, hook, prepend=False):
        return _add_hook(self, "_backward_pre_hooks", hook, prepend)

    def register_backward_hook(self, hook):
        return _add_hook(self, "_non_full_backward_hooks", hook, False)

    def _get_backward_hooks(self):
        full = list(getattr(self, "_backward_hooks", {}).values())
        return full, list(getattr(self, "_non_full_backward_hooks", {}).values())

    def _get_backward_pre_hooks(self):
        return list(getattr(self, "_backward_pre_hooks", {}).values())

    def _maybe_warn_non_full_backward_hook(self, inputs, result, grad_fn):
        return None

    def _register_state_dict_hook(self, hook):
        return _add_hook(self, "_state_dict_hooks", hook, False)

    def register_state_dict_pre_hook(self, hook):
        return _add_hook(self, "_state_dict_pre_hooks", hook, False)

    def register_state_dict_post_hook(self, hook):
        return _add_hook(self, "_state_dict_hooks", hook, False)

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        return _add_hook(self, "_load_state_dict_pre_hooks", hook, False)

    def register_load_state_dict_pre_hook(self, hook):
        return _add_hook(self, "_load_state_dict_pre_hooks", hook, False)

    def register_load_state_dict_post_hook(self, hook):
        return _add_hook(self, "_load_state_dict_post_hooks", hook, False)

    def _call_impl(self, *args, **kwargs):
        return self._call_with_hooks(args, kwargs)

    def _wrapped_call_impl(self, *args, **kwargs):
        return self._call_with_hooks(args, kwargs)

    def _slow_forward(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def _call_with_hooks(self, args, kwargs):
        if getattr(self, "_backward_hooks", None) or getattr(self, "_backward_pre_hooks", None):
            # Dynamo wraps the call for its full backward hooks only with
            # compiled autograd, which export does not enable.
            torch._exportlens_graph_break("GB0083")
        for hook, with_kwargs in list(getattr(self, "_forward_pre_hooks", {}).values()):
            if with_kwargs:
                result = hook(self, args, kwargs)
                if result is not None:
                    if not (isinstance(result, tuple) and len(result) == 2):
                        raise RuntimeError(
                            f"forward pre-hook must return None or a tuple of (new_args, new_kwargs), but got {result}."
                        )
                    args, kwargs = result
            else:
                result = hook(self, args)
                if result is not None:
                    args = result if isinstance(result, tuple) else (result,)
        output = self.forward(*args, **kwargs)
        for hook, with_kwargs in list(getattr(self, "_forward_hooks", {}).values()):
            if with_kwargs:
                result = hook(self, args, kwargs, output)
            else:
                result = hook(self, args, output)
            if result is not None:
                output = result
        if getattr(self, "_backward_hooks", None) or getattr(self, "_backward_pre_hooks", None):
            # torch's BackwardHook marks each output tensor with a view of
            # itself, where it attaches the gradient hooks.
            if isinstance(output, torch.Tensor):
                output = output.view_as(output)
            elif isinstance(output, tuple):
                output = tuple(o.view_as(o) if isinstance(o, torch.Tensor) else o for o in output)
        return output

    def get_submodule(self, target):
        module = self
        if target == "":
            return module
        for item in target.split("."):
            if not hasattr(module, item):
                raise AttributeError(f"{module._get_name()} has no attribute `{item}`")
            module = getattr(module, item)
            if not isinstance(module, Module):
                raise AttributeError(f"`{item}` is not an nn.Module")
        return module

    def _get_state(self, target, kind):
        module_path, _, name = target.rpartition(".")
        module = self.get_submodule(module_path)
        registry = module._parameters if kind == "parameter" else module._buffers
        if name not in registry:
            raise AttributeError(f"{module._get_name()} has no {kind} `{name}`")
        return registry[name]

    def get_parameter(self, target):
        return self._get_state(target, "parameter")

    def get_buffer(self, target):
        return self._get_state(target, "buffer")

    # ----- traversal ------------------------------------------------------------------

    def named_children(self):
        memo = set()
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo.add(module)
                yield name, module

    def children(self):
        for _, module in self.named_children():
            yield module

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        # Pre-order, as torch's recursion yields them, with an explicit stack.
        if memo is None:
            memo = set()
        stack = [(prefix, self)]
        while stack:
            name, module = stack.pop()
            if module in memo:
                continue
            if remove_duplicate:
                memo.add(module)
            yield name, module
            dot = "." if name else ""
            children = [(name + dot + key, sub) for key, sub in module._modules.items() if sub is not None]
            children.reverse()
            stack.extend(children)

    def modules(self):
        for _, module in self.named_modules():
            yield module

    def _named_members(self, registry_of, prefix, recurse, remove_duplicate):
        memo = set()
        owners = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for owner_prefix, owner in owners:
            for name, value in registry_of(owner).items():
                if value is None or value in memo:
                    continue
                if remove_duplicate:
                    memo.add(value)
                yield owner_prefix + ("." if owner_prefix else "") + name, value

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda m: m._parameters, prefix, recurse, remove_duplicate)

    def parameters(self, recurse=True):
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda m: m._buffers, prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        for _, buf in self.named_buffers(recurse=recurse):
            yield buf

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    # ----- modes and conversions ----------------------------------------------------

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        # The children, as children() gives them (a child registered twice
        # is set twice, to the same mode): without its two generators,
        # since every model's eval() runs this once per module.
        for module in self._modules.values():
            if module is not None:
                module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        return self

    def zero_grad(self, set_to_none=True):
        pass

    def share_memory(self):
        return self

    def _apply(self, fn, recurse=True, _converted=None):
        # torch converts each tensor in place, so tied parameters stay tied:
        # `_converted` pairs each tensor seen with what it became.
        if _converted is None:
            _converted = []
        if recurse:
            for module in self.children():
                module._apply(fn, True, _converted)

        def convert(tensor, make):
            for old, new in _converted:
                if old is tensor:
                    return new
            new = fn(tensor)
            new = tensor if new is tensor else make(new)
            _converted.append((tensor, new))
            return new

        for name, param in list(self._parameters.items()):
            if param is not None:
                self._parameters[name] = convert(param, lambda t: Parameter(t, param.requires_grad))
        for name, buf in list(self._buffers.items()):
            if buf is not None:
                persistent = name not in self._non_persistent_buffers_set
                self._buffers[name] = convert(buf, lambda t: Buffer(t, persistent=persistent))
        return self

    def to(self, *args, **kwargs):
        dtype = kwargs.get("dtype")
        for arg in args:
            if isinstance(arg, torch.dtype):
                dtype = arg
            elif isinstance(arg, torch.Tensor):
                dtype = arg.dtype
        if dtype is None:
            return self
        if not (dtype.is_floating_point or dtype.is_complex):
            raise TypeError(f"nn.Module.to only accepts floating point or complex dtypes, but got desired dtype={dtype}")
        return self._apply(lambda t: t.to(dtype) if t.is_floating_point() or t.is_complex() else t)

    def type(self, dst_type):
        return self._apply(lambda t: t.type(dst_type))

    def float(self):
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def half(self):
        return self._apply(lambda t: t.half() if t.is_floating_point() else t)

    def bfloat16(self):
        return self._apply(lambda t: t.bfloat16() if t.is_floating_point() else t)

    def cpu(self):
        return self

    def cuda(self, device=None):
        return self

    def xpu(self, device=None):
        return self

    def ipu(self, device=None):
        return self

    def mtia(self, device=None):
        return self

    def to_empty(self, *, device=None, recurse=True):
        return self

    def compile(self, *args, **kwargs):
        return None

    def _replicate_for_data_parallel(self):
        raise RuntimeError("exportlens does not model data-parallel replicas")

    def set_submodule(self, target, module, strict=False):
        if target == "":
            raise ValueError("Cannot set the submodule without a target name!")
        *path, name = target.split(".")
        parent = self.get_submodule(".".join(path))
        if strict and not hasattr(parent, name):
            raise AttributeError(f"{parent._get_name()} has no attribute `{name}`")
        if not isinstance(module, Module):
            raise TypeError(f"`module` is not an nn.Module, found {type(module)}")
        setattr(parent, name, module)

    # ----- state dicts --------------------------------------------------------------

    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        if destination is None:
            destination = {}
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars)
        return destination

    def load_state_dict(self, state_dict, strict=True, assign=False):
        return None

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        return None

    def get_extra_state(self):
        raise RuntimeError(
            "Reached a code path in Module.get_extra_state() that should never be called. "
            "Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml "
            "to report this bug."
        )

    def set_extra_state(self, state):
        raise RuntimeError(
            "Reached a code path in Module.set_extra_state() that should never be called. "
            "Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml "
            "to report this bug."
        )
