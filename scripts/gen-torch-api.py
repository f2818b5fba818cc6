#!/usr/bin/env python3
"""Write server/tracer/data/torch_api.txt: torch 2.15's public API surface as
torch declares it, and server/tracer/data/nn_methods.txt: the methods of
every `torch.nn` module class.

One line per declared overload, `NAMESPACE.NAME(PARAMS)`, for every public
callable of `torch`, `torch.nn.functional`, `torch.linalg`, `torch.fft`,
`torch.special` and every public `Tensor` method. PARAMS are names in
order, with `*` (keyword-only from here), `/` (positional-only before),
`*args`, `**kwargs` and `name=DEFAULT` (the default's literal, or `...`
where the declaration does not spell a literal). `out=` is left out:
export never records it. Where a signature comes from:

- a function written in Python: `inspect.signature`;
- a C function: its overloads in torch's stubs (`torch/_C/_VariableFunctions.pyi`,
  `torch/_C/_nn.pyi`, `torch/nn/functional.pyi`, the `TensorBase` class of
  `torch/_C/__init__.pyi`);
- a C function the stubs lack (`torch.linalg.*`, `torch.fft.*`,
  `torch.special.*`): the ATen schemas of `aten::linalg_NAME`,
  `aten::fft_NAME`, `aten::special_NAME` (`self` is spelled `input`).

A public callable with no declaration anywhere is listed with `(...)`.

nn_methods.txt has one line per `torch.nn` Module class, `Class: m1 m2 ...`,
every method the class has (inherited ones included, dunders left out):
the Python prelude's classes of the same names must have them all
(tests/test_prelude_api.py).

usage: /path/to/torch-venv/bin/python scripts/gen-torch-api.py
"""
import ast
import inspect
import pathlib
import types

import torch
import torch.nn.functional

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "server/tracer/data/torch_api.txt"
NN_OUT = ROOT / "server/tracer/data/nn_methods.txt"
TORCH_DIR = pathlib.Path(torch.__file__).parent

NAMESPACES = {
    "torch": (torch, ["_C/_VariableFunctions.pyi"], None),
    "torch.nn.functional": (torch.nn.functional, ["nn/functional.pyi", "_C/_nn.pyi"], None),
    "torch.linalg": (torch.linalg, [], "linalg_"),
    "torch.fft": (torch.fft, [], "fft_"),
    "torch.special": (torch.special, [], "special_"),
}


def literal(node):
    """The default's source when it is a literal, else `...`."""
    if node is None:
        return None
    try:
        value = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return "..."
    if value is Ellipsis:
        return "..."
    return repr(value)


def stub_params(fn: ast.FunctionDef, drop_self: bool):
    args = fn.args
    out = []
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for i, (a, d) in enumerate(zip(positional, defaults)):
        if drop_self and i == 0 and a.arg == "self":
            continue
        out.append(a.arg if d is None else f"{a.arg}={literal(d)}")
        if args.posonlyargs and a is args.posonlyargs[-1]:
            out.append("/")
    if args.vararg:
        out.append(f"*{args.vararg.arg}")
    elif args.kwonlyargs:
        out.append("*")
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        if a.arg == "out":
            continue
        out.append(a.arg if d is None else f"{a.arg}={literal(d)}")
    if args.kwarg:
        out.append(f"**{args.kwarg.arg}")
    if out and out[-1] == "*":
        out.pop()
    return out


def stub_functions(body, drop_self=False):
    """{name: [params, ...]} of the function definitions in a stub body."""
    found = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.setdefault(node.name, []).append(stub_params(node, drop_self))
    return found


def load_stub(rel, class_name=None):
    path = TORCH_DIR / rel
    tree = ast.parse(path.read_text())
    if class_name is None:
        return stub_functions(tree.body)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return stub_functions(node.body, drop_self=True)
    raise SystemExit(f"{path}: no class {class_name}")


def python_params(fn, drop_self=False):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    out = []
    kw_marked = False
    params = list(sig.parameters.values())
    if drop_self and params and params[0].name == "self":
        params = params[1:]
    for i, p in enumerate(params):
        if p.kind is p.KEYWORD_ONLY and not kw_marked:
            out.append("*")
            kw_marked = True
        if p.kind is p.VAR_POSITIONAL:
            out.append(f"*{p.name}")
            kw_marked = True
            continue
        if p.kind is p.VAR_KEYWORD:
            out.append(f"**{p.name}")
            continue
        if p.kind is p.KEYWORD_ONLY and p.name == "out":
            continue
        text = p.name
        if p.default is not p.empty:
            d = p.default
            text += "=" + (repr(d) if isinstance(d, (int, float, bool, str, type(None))) else "...")
        out.append(text)
        if p.kind is p.POSITIONAL_ONLY and (i + 1 == len(params) or params[i + 1].kind is not p.POSITIONAL_ONLY):
            out.append("/")
    if out and out[-1] == "*":
        out.pop()
    return out


def schema_params(schema):
    out = []
    kw = False
    for a in schema.arguments:
        if a.is_out:
            continue
        if a.kwarg_only and not kw:
            out.append("*")
            kw = True
        name = "input" if a.name == "self" else a.name
        if a.has_default_value():
            d = a.default_value
            text = repr(d) if isinstance(d, (int, float, bool, str, type(None))) else "..."
            out.append(f"{name}={text}")
        else:
            out.append(name)
    if out and out[-1] == "*":
        out.pop()
    return out


def public_callables(module):
    for name in sorted(dir(module)):
        if name.startswith("_"):
            continue
        value = getattr(module, name, None)
        if isinstance(value, (type, types.ModuleType)) or not callable(value):
            continue
        if isinstance(value, torch._ops.OpOverloadPacket):
            continue
        yield name, value


def namespace_lines(ns, module, stubs, aten_prefix):
    stub = {}
    for rel in stubs:
        for name, overloads in load_stub(rel).items():
            stub.setdefault(name, []).extend(overloads)
    lines = []
    for name, value in public_callables(module):
        sigs = []
        if isinstance(value, (types.FunctionType, types.MethodType)) or hasattr(value, "__wrapped__"):
            p = python_params(value)
            if p is not None:
                sigs.append(p)
        if not sigs and name in stub:
            sigs = stub[name]
        if not sigs and aten_prefix:
            for schema in torch._C._jit_get_schemas_for_operator(f"aten::{aten_prefix}{name}"):
                if not any(a.is_out for a in schema.arguments):
                    sigs.append(schema_params(schema))
        if not sigs:
            p = python_params(value)
            sigs = [p] if p is not None else [["..."]]
        for s in dedup(sigs):
            lines.append(f"{ns}.{name}({', '.join(s)})")
    return lines


def tensor_lines():
    stub = load_stub("_C/__init__.pyi", "TensorBase")
    lines = []
    for name in sorted(dir(torch.Tensor)):
        if name.startswith("_"):
            continue
        value = getattr(torch.Tensor, name, None)
        if isinstance(value, (property, type)) or not callable(value):
            continue
        if type(value).__name__ == "getset_descriptor":
            continue
        sigs = []
        if isinstance(value, types.FunctionType):
            p = python_params(value, drop_self=True)
            if p is not None:
                sigs.append(p)
        if not sigs and name in stub:
            sigs = stub[name]
        if not sigs:
            sigs = [["..."]]
        for s in dedup(sigs):
            lines.append(f"Tensor.{name}({', '.join(s)})")
    return lines


def dedup(sigs):
    seen = []
    for s in sigs:
        if s not in seen:
            seen.append(s)
    return seen


def nn_method_lines():
    lines = []
    for name in sorted(dir(torch.nn)):
        cls = getattr(torch.nn, name)
        if not (isinstance(cls, type) and issubclass(cls, torch.nn.Module)):
            continue
        methods = sorted(
            m for m in dir(cls)
            if not m.startswith("__") and callable(getattr(cls, m, None))
            and not isinstance(getattr(cls, m), type)
        )
        lines.append(f"{name}: {' '.join(methods)}")
    return lines


def main():
    lines = []
    for ns, (module, stubs, prefix) in NAMESPACES.items():
        lines += namespace_lines(ns, module, stubs, prefix)
    lines += tensor_lines()
    version = torch.__version__.split("+")[0]
    header = (
        f"# torch {version}'s declared public API (scripts/gen-torch-api.py): one overload a line,\n"
        "# NAMESPACE.NAME(PARAMS); `...` where the declaration spells no literal.\n"
    )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(header + "\n".join(lines) + "\n")
    names = {line.split("(", 1)[0] for line in lines}
    print(f"{OUT}: {len(lines)} overloads of {len(names)} names")
    nn_lines = nn_method_lines()
    NN_OUT.write_text(f"# torch {version}'s nn Module classes and their methods (scripts/gen-torch-api.py)\n"
                      + "\n".join(nn_lines) + "\n")
    print(f"{NN_OUT}: {len(nn_lines)} classes")


if __name__ == "__main__":
    main()
