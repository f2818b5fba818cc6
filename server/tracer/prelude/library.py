"""torch.library's Python surface: defining custom operators and their
implementations (`custom_op`, `CustomOpDef`, `register_fake`, `define`,
`impl`, `Library`).

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
The operators live in the tracer's registry (`ops/custom.rs`), reached
through the `torch._exportlens_*` intrinsics; a call of one records one
node whose value the fake implementation computes.
"""
import torch


class CustomOpDef:
    # What `torch.library.custom_op` returns: calling it calls the operator.
    def __init__(self, namespace, name, schema, fn):
        self._namespace = namespace
        self._name = name
        self._qualname = namespace + "::" + name
        self._schema = schema
        self._init_fn = fn
        self.__name__ = name
        self._opoverload = torch._exportlens_op_overload(self._qualname)

    def __call__(self, *args, **kwargs):
        return self._opoverload(*args, **kwargs)

    def __repr__(self):
        return "<CustomOpDef(" + self._qualname + ")>"

    def register_fake(self, fn=None, /):
        def register(fn):
            torch._exportlens_register_impl(self._qualname, "fake", fn)
            return fn

        if fn is None:
            return register
        return register(fn)

    def register_kernel(self, device_types, fn=None, /):
        def register(fn):
            torch._exportlens_register_impl(self._qualname, "kernel", fn)
            return fn

        if fn is None:
            return register
        return register(fn)

    def register_autograd(self, backward, /, *, setup_context=None):
        # Export traces the forward only.
        pass

    def register_torch_dispatch(self, torch_dispatch_class, fn=None, /):
        if fn is None:
            return lambda fn: fn
        return fn

    def register_vmap(self, fn=None, /):
        if fn is None:
            return lambda fn: fn
        return fn

    def register_autocast(self, device_type, cast_inputs):
        pass

    def set_kernel_enabled(self, device_type, enabled=True):
        return _NullContext()


class _NullContext:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def custom_op(name, fn=None, /, *, mutates_args, device_types=None, schema=None, tags=None):
    def define(fn):
        namespace, opname = name.split("::")
        text = schema
        if text is None:
            text = torch._exportlens_infer_schema(fn, mutates_args)
        torch._exportlens_define_op(name, text, "custom_op", fn)
        return CustomOpDef(namespace, opname, text, fn)

    if fn is None:
        return define
    return define(fn)


def _qualname(op, lib=None):
    # An operator named by a string (`ns::name`, or `name` of `lib`), an
    # overload or packet, or a CustomOpDef.
    if isinstance(op, str) and "::" not in op and lib is not None:
        return lib.ns + "::" + op
    return op


def register_fake(op, func=None, /, *, lib=None, _stacklevel=1, allow_override=False):
    def register(func):
        torch._exportlens_register_impl(_qualname(op, lib), "fake", func)
        return func

    if func is None:
        return register
    return register(func)


impl_abstract = register_fake


def register_kernel(op, device_types, func=None, /, *, lib=None):
    def register(func):
        torch._exportlens_register_impl(_qualname(op, lib), "kernel", func)
        return func

    if func is None:
        return register
    return register(func)


def register_autograd(op, backward, /, *, setup_context=None, lib=None):
    # Export traces the forward only.
    pass


def register_torch_dispatch(op, torch_dispatch_class, func=None, /, *, lib=None):
    if func is None:
        return lambda func: func
    return func


def register_vmap(op, func=None, /, *, lib=None):
    if func is None:
        return lambda func: func
    return func


def infer_schema(prototype_function, /, *, mutates_args, op_name=None):
    return torch._exportlens_infer_schema(prototype_function, mutates_args)


def define(qualname, schema, *, lib=None, tags=()):
    torch._exportlens_define_op(qualname, schema, "define", None)


def impl(qualname, types, func=None, *, lib=None):
    # `impl(lib, name, dispatch_key)` is the older form of the same.
    if isinstance(qualname, Library):
        lib, qualname, types = qualname, types, func if func is not None else ""
        func = None
    key = types if isinstance(types, str) else "kernel"

    def register(func):
        torch._exportlens_register_impl(_qualname(qualname, lib), key, func)
        return func

    if func is None:
        return register
    return register(func)


class Library:
    # A namespace of operators (`kind`: "DEF", "IMPL" or "FRAGMENT").
    def __init__(self, ns, kind, dispatch_key=""):
        self.ns = ns
        self.kind = kind
        self.dispatch_key = dispatch_key

    def define(self, schema, alias_analysis="", *, tags=()):
        name = schema.split("(")[0].strip()
        opname = name.split(".")[0]
        torch._exportlens_define_op(self.ns + "::" + opname, schema, "define", None)
        return opname

    def impl(self, op_name, fn, dispatch_key="", *, with_keyset=False, allow_override=False):
        key = dispatch_key or self.dispatch_key or "CompositeImplicitAutograd"
        torch._exportlens_register_impl(_qualname(op_name, self), key, fn)

    def _register_fake(self, op_name, fn, _stacklevel=1, *, allow_override=False):
        torch._exportlens_register_impl(_qualname(op_name, self), "fake", fn)

    def _destroy(self):
        pass
