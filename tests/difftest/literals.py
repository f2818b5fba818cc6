"""Python literals for the differential cases: how a sample's tensors and
arguments are spelled in a generated model file (shared by the generators,
which run with torch)."""
import json
import math
import os
import re
import sys

import torch

DT_NAME = {
    torch.float32: "torch.float32", torch.float64: "torch.float64", torch.float16: "torch.float16",
    torch.bfloat16: "torch.bfloat16", torch.int64: "torch.int64", torch.int32: "torch.int32",
    torch.int16: "torch.int16", torch.int8: "torch.int8", torch.uint8: "torch.uint8",
    torch.bool: "torch.bool", torch.complex64: "torch.complex64", torch.complex128: "torch.complex128",
}
LITERAL_NUMEL = 16      # float tensors up to this many elements are written out
MAX_INT_NUMEL = 1024    # integer and bool tensors are always literal; larger samples are skipped
MAX_NUMEL = 1 << 16     # samples with a bigger tensor are skipped (keeps the oracle fast)


def pin_hash_seed():
    """Re-run this generator with PYTHONHASHSEED=0: some sample generators
    iterate over sets of strings (meshgrid's `{'xy', 'ij'}`), so the case
    order would change from run to run."""
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, *sys.argv])


class Unwritable(Exception):
    """A sample argument that has no literal spelling."""


class Writer:
    """Turns one sample into forward parameters, their example values and the
    call's argument spellings. With `inline`, tensors are written in place as
    literals (a module constructor's arguments) instead of becoming inputs."""

    def __init__(self, inline=False):
        self.params, self.values, self.ranks = [], [], []
        self.inline = inline

    def tensor(self, t):
        if t.layout != torch.strided or t.is_quantized or t.dtype not in DT_NAME:
            raise Unwritable(f"tensor of {t.layout} {t.dtype}")
        if t.numel() > MAX_NUMEL:
            raise Unwritable("tensor too large")
        name = f"x{len(self.params)}"
        self.params.append(name)
        self.ranks.append(t.dim())
        self.values.append(tensor_literal(t))
        return name

    def literal(self, v):
        if isinstance(v, torch.Tensor):
            if self.inline:
                if v.numel() > MAX_NUMEL:
                    raise Unwritable("tensor too large")
                return tensor_literal(v)
            return self.tensor(v)
        if v is None or isinstance(v, (bool, str)):
            return repr(v)
        if isinstance(v, int):
            return repr(v)
        if isinstance(v, float):
            return float_literal(v)
        if isinstance(v, complex):
            return f"complex({float_literal(v.real)}, {float_literal(v.imag)})"
        if isinstance(v, torch.dtype):
            if v not in DT_NAME:
                raise Unwritable(f"dtype {v}")
            return DT_NAME[v]
        if isinstance(v, torch.device):
            return f"torch.device({str(v)!r})"
        if isinstance(v, torch.memory_format):
            return str(v)
        if isinstance(v, torch.Size):
            return repr(tuple(v))
        if isinstance(v, slice):
            return f"slice({self.literal(v.start)}, {self.literal(v.stop)}, {self.literal(v.step)})"
        if v is Ellipsis:
            return "..."
        if isinstance(v, tuple):
            items = [self.literal(x) for x in v]
            return tuple_literal(items)
        if isinstance(v, list):
            return "[" + ", ".join(self.literal(x) for x in v) + "]"
        if isinstance(v, dict) and all(isinstance(k, str) for k in v):
            return "{" + ", ".join(f"{k!r}: {self.literal(x)}" for k, x in v.items()) + "}"
        raise Unwritable(type(v).__name__)


def float_literal(v):
    if math.isnan(v):
        return "float('nan')"
    if math.isinf(v):
        return "float('inf')" if v > 0 else "float('-inf')"
    return repr(v)


def tensor_literal(t):
    dt = DT_NAME[t.dtype]
    shape = tuple(t.shape)
    if t.numel() == 0:
        return f"torch.zeros({shape!r}, dtype={dt})"
    if t.is_floating_point() or t.is_complex():
        if t.numel() > LITERAL_NUMEL:
            fn = "torch.randn" if t.is_floating_point() else "torch.randn"
            return f"{fn}({shape!r}, dtype={dt})"
    elif t.numel() > MAX_INT_NUMEL:
        raise Unwritable("integer tensor too large to write out")
    values = t.detach().tolist()
    text = json.dumps(values, allow_nan=True).replace("NaN", "float('nan')") \
        .replace("-Infinity", "float('-inf')").replace("Infinity", "float('inf')")
    if t.dtype == torch.bool:
        text = text.replace("true", "True").replace("false", "False")
    if t.is_complex():
        raise Unwritable("complex tensor literal")
    return f"torch.tensor({text}, dtype={dt})"


def slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower()




def tuple_literal(items):
    """A Python tuple display of already-spelled items: `()`, `(a,)`, `(a, b)`."""
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def auto_dims_spec(ranks):
    """A `dynamic_shapes` tuple marking dim 0 and the last dim of every input
    Dim.AUTO (rank-0 inputs stay static)."""
    specs = []
    for rank in ranks:
        if rank == 0:
            specs.append("None")
        elif rank == 1:
            specs.append("{0: Dim.AUTO}")
        else:
            specs.append(f"{{0: Dim.AUTO, {rank - 1}: Dim.AUTO}}")
    return tuple_literal(specs)


def write_jsonl(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as f:
        for row in rows:
            f.write(json.dumps(row, sort_keys=True) + "\n")


def case_footer(model, writer, dynamic):
    """The ExportDB layout's module-level lines: `model = ...`, the example
    inputs the writer collected and, for a dynamic case, their spec."""
    lines = ["torch.manual_seed(0)", f"model = {model}", f"example_args = {tuple_literal(writer.values)}"]
    if dynamic:
        lines.append(f"dynamic_shapes = {auto_dims_spec(writer.ranks)}")
    return lines
