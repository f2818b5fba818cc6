#!/usr/bin/env python3
"""Differential cases from random programs (issue 13, source "random").

Run with a torch venv (every candidate program is run in eager before it is kept):

    /work/torchvenv/bin/python tests/difftest/gen_random.py [--programs N]

Program i is drawn from `random.Random("rnd-i")` around a theme (its "op":
conv2d, softmax, split, if_shape, ...): one to four inputs laid out for the
theme (vectors, sequences, images, signals, token ids), 0-4 nn layers in
`__init__` and a `forward` of 2-10 statements. Each statement is chosen from
a catalogue (elementwise ops, comparisons and `torch.where`, reductions,
matmul, linear layers, convolutions, pooling, norms, embeddings, dropout,
shape ops and shape arithmetic, factories, `if` on a static size, loops over
a ModuleList) and run in eager on the values of the program so far; a
statement that raises is drawn again, so every kept program runs. The program
returns a tensor, a tuple or a dict.

Every program gives two cases: static shapes ("rnd_NNNNN_s") and a dynamic
variant ("rnd_NNNNN_d"): `Dim.AUTO` on dim 0, a named `Dim("batch")` shared
by the inputs, or a batch and a second dim (sequence, length, height, ...),
named or `Dim.AUTO`. A dim is only named when the program also runs in eager
with that dim's size changed; the export may still guard on it (then torch's
constraint violation is the ground truth).

Deterministic: PYTHONHASHSEED is pinned, Python's `random` is seeded per
program and torch by `torch.manual_seed(i)`. Writes
tests/difftest/random/cases.jsonl ({"case", "op", "source"}); then
tests/difftest/regen_truth.py random runs ../shared/tools/oracle.py on them.
"""
import argparse
import random
import sys
import warnings
from collections import Counter
from pathlib import Path

import torch
from literals import pin_hash_seed, tensor_literal, tuple_literal, write_jsonl

pin_hash_seed()
import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = HERE / "random" / "cases.jsonl"

MAX_LAYERS = 4
MAX_NUMEL = 6000          # no intermediate tensor gets bigger (keeps the oracle fast)
MAX_RANK = 5

# Roles of input dims and the sizes they are drawn from; "1" is a literal 1.
SIZES = {"B": (2, 3, 4, 5), "S": (3, 4, 5, 6, 7, 8), "F": (4, 6, 8, 10, 12, 16), "D": (4, 6, 8, 12),
         "C": (2, 3, 4, 6, 8), "H": (4, 5, 6, 7, 8, 9, 10), "W": (4, 5, 6, 7, 8, 9, 10),
         "L": (6, 7, 8, 10, 12, 16)}
LAYOUTS = {"vec": ("B", "F"), "seq": ("B", "S", "F"), "img": ("B", "C", "H", "W"), "sig": ("B", "C", "L"),
           "tok": ("B", "S")}
DIM_NAMES = {"B": "batch", "S": "seq", "F": "features", "D": "embed", "C": "channels", "H": "height",
             "W": "width", "L": "length"}
ANY = ("vec", "seq", "img", "sig")


def isf(t):
    return t.is_floating_point()


class Reject(Exception):
    """The statement cannot be drawn from the program's current values."""


class Program:
    """A program under construction, with the eager values of its variables."""

    def __init__(self, rng, theme, layouts):
        self.rng = rng
        self.theme = theme
        self.sizes = {}
        self.layout = rng.choice(layouts)
        self.inputs = []            # (name, roles, dtype, high)
        self.env = {}               # variable -> eager value
        self.order = []             # variables, oldest first
        self.init = []              # __init__ lines
        self.body = []              # forward lines, without the method's indent
        self.holder = nn.Module()
        self.nlayers = 0
        self.nvars = 0
        self.make_inputs()
        self.holder.eval()

    # -- inputs -----------------------------------------------------------
    def size(self, role):
        if role == "1":
            return 1
        if role not in self.sizes:
            used = set(self.sizes.values())
            choices = [s for s in SIZES[role] if s not in used] or list(SIZES[role])
            if self.rng.random() < 0.1:
                choices = list(SIZES[role])
            self.sizes[role] = self.rng.choice(choices)
        return self.sizes[role]

    def make_inputs(self):
        rng = self.rng
        roles = LAYOUTS[self.layout]
        if self.layout == "tok":
            self.vocab = rng.choice((10, 16, 20, 32))
            self.inputs.append(("ids", roles, torch.int64, self.vocab))
            if rng.random() < 0.4:
                self.inputs.append(("mask", roles, torch.float32, None))
            if rng.random() < 0.2:
                self.inputs.append(("feats", ("B", "S", "D"), torch.float32, None))
        else:
            self.inputs.append(("x", roles, torch.float32, None))
            extra = rng.choices((0, 1, 2), (0.55, 0.35, 0.10))[0]
            for name in ("y", "z")[:extra]:
                kind = rng.random()
                if kind < 0.5:
                    r = roles
                elif kind < 0.7:
                    r = roles[-1:]
                elif kind < 0.85:
                    r = ("B",) + ("1",) * (len(roles) - 2) + roles[-1:]
                else:
                    r = ("B", "F") if self.layout != "vec" else ("B", "D")
                self.inputs.append((name, r, torch.float32, None))
        self.examples = []          # the example inputs (a statement may rebind an input's name)
        for name, roles, dtype, high in self.inputs:
            shape = [self.size(r) for r in roles]
            self.examples.append(make_tensor(shape, dtype, high))
            self.bind(name, self.examples[-1])

    def input_values(self, sizes):
        return tuple(make_tensor([1 if r == "1" else sizes[r] for r in roles], dtype, high)
                     for _, roles, dtype, high in self.inputs)

    # -- variables ----------------------------------------------------------
    def bind(self, name, value):
        self.env[name] = value
        if name in self.order:
            self.order.remove(name)
        self.order.append(name)

    def pick(self, pred=isf, exclude=()):
        """A variable whose value satisfies pred, most often the newest."""
        cands = [v for v in self.order if v not in exclude and isinstance(self.env[v], torch.Tensor)
                 and pred(self.env[v])]
        if not cands:
            raise Reject("no variable fits")
        weights = [1.0] * len(cands)
        weights[-1] = 4.0
        return self.rng.choices(cands, weights)[0]

    def fresh(self):
        self.nvars += 1
        return f"h{self.nvars}"

    def out(self, src):
        """The variable a one-input statement assigns: usually a new one,
        sometimes its input again (`x = x.relu()`)."""
        return src if self.rng.random() < 0.2 else self.fresh()

    def layer(self, prefix, code):
        """Add `self.NAME = code` to __init__ (undone when the statement is rejected)."""
        if self.nlayers >= MAX_LAYERS:
            raise Reject("layer budget")
        name = prefix
        k = 1
        while hasattr(self.holder, name):
            k += 1
            name = f"{prefix}{k}"
        setattr(self.holder, name, eval(code, {"nn": nn, "torch": torch}))
        self.init.append(f"self.{name} = {code}")
        self.nlayers += 1
        return f"self.{name}"

    # -- running statements -------------------------------------------------
    def attempt(self, stmt):
        """Draw one statement and run it on the current values; keep it if it runs."""
        saved = (len(self.init), self.nlayers, self.nvars, dict(self.holder._modules),
                 dict(self.holder._parameters))
        try:
            lines, outs = stmt(self)
            ns = {"torch": torch, "F": F, "nn": nn, "self": self.holder, **self.env}
            exec("\n".join(lines), ns)  # noqa: S102 - the program's own statement
            values = [ns[o] for o in outs]
            for v in values:
                check_value(v)
        except Exception:  # noqa: BLE001 - any failure rejects the draw
            self.init[saved[0]:] = []
            self.nlayers, self.nvars = saved[1], saved[2]
            self.holder._modules.clear()
            self.holder._modules.update(saved[3])
            self.holder._parameters.clear()
            self.holder._parameters.update(saved[4])
            return False
        self.body += lines
        for o, v in zip(outs, values):
            self.bind(o, v)
        return True


def make_tensor(shape, dtype, high):
    if dtype == torch.int64:
        return torch.randint(0, high, shape)
    return torch.randn(shape, dtype=dtype)


def check_value(v):
    if not isinstance(v, torch.Tensor):
        raise Reject("not a tensor")
    if v.numel() > MAX_NUMEL or v.dim() > MAX_RANK or 0 in v.shape:
        raise Reject("value too big or empty")


def rank(n, atleast=True):
    return (lambda t: isf(t) and t.dim() >= n) if atleast else (lambda t: isf(t) and t.dim() == n)


def dim_of(p, t, lo=0):
    """A dim index of t (from lo), written positive or negative."""
    if t.dim() <= lo:
        raise Reject("rank")
    d = p.rng.randrange(lo, t.dim())
    return d - t.dim() if p.rng.random() < 0.3 else d


# ---------------------------------------------------------------------------
# Statements: each returns (lines, assigned variables) or raises Reject.

UNARY = ("torch.relu({a})", "F.relu({a})", "{a}.relu()", "F.gelu({a})", 'F.gelu({a}, approximate="tanh")',
         "F.silu({a})", "torch.sigmoid({a})", "{a}.sigmoid()", "torch.tanh({a})", "{a}.tanh()",
         "torch.exp({a})", "{a}.exp()", "{a}.abs()", "torch.abs({a})", "-{a}", "torch.neg({a})",
         "torch.clamp({a}, min=-1.0, max=1.0)", "{a}.clamp(min=0.0)", "torch.clamp({a}, max=2.0)",
         "F.leaky_relu({a}, 0.2)", "{a} * torch.sigmoid({a})")


def st_unary(p):
    a = p.pick()
    o = p.out(a)
    return [f"{o} = {p.rng.choice(UNARY).format(a=a)}"], [o]


def st_scalar(p):
    a = p.pick()
    c = p.rng.choice(("2", "2.0", "0.5", "1", "3.0", "1e-05", "0.1"))
    form = p.rng.choice(("{a} + {c}", "{a} * {c}", "{a} - {c}", "{a} / {c}", "{c} - {a}", "{c} * {a}",
                         "torch.add({a}, {c})", "{a}.mul({c})", "torch.sub({a}, {c})", "{a}.div({c})",
                         "{a} ** 2", "torch.pow({a}, 2)", "{a} * {c} + {a}"))
    o = p.out(a)
    return [f"{o} = {form.format(a=a, c=c)}"], [o]


def broadcastable(p, a, fits=None):
    ta = p.env[a]
    cands = []
    for b in p.order:
        tb = p.env[b]
        if b == a or not isinstance(tb, torch.Tensor) or not isf(tb):
            continue
        try:
            shape = torch.broadcast_shapes(ta.shape, tb.shape)
        except RuntimeError:
            continue
        if shape in (ta.shape, tb.shape) and (fits is None or fits(tb)):
            cands.append(b)
    return cands


def st_binary(p):
    a = p.pick()
    cands = broadcastable(p, a)
    b = p.rng.choice(cands) if cands and p.rng.random() < 0.85 else None
    if b is None:
        b = p.rng.choice((a, f"{a}.tanh()", f"{a}.relu()"))
    form = p.rng.choice(("{a} + {b}", "{a} * {b}", "{a} - {b}", "{a} / ({b}.abs() + 1.0)", "torch.add({a}, {b})",
                         "torch.mul({a}, {b})", "{a}.sub({b})", "torch.maximum({a}, {b})", "{a}.add({b}, alpha=0.5)",
                         "torch.div({a}, {b}.exp())"))
    o = p.fresh()
    return [f"{o} = {form.format(a=a, b=b)}"], [o]


def st_where(p):
    a = p.pick()
    cands = broadcastable(p, a)
    b = p.rng.choice(cands) if cands and p.rng.random() < 0.5 else None
    rng = p.rng
    cmp = rng.choice((">", "<", ">=", "<="))
    c = rng.choice(("0", "0.0", "0.5", "-1.0"))
    if b is not None:
        form = rng.choice(("torch.where({a} {cmp} {b}, {a}, {b})", "torch.where({a} {cmp} {c}, {a}, {b})",
                           "torch.where({b} {cmp} {c}, {a}, torch.zeros_like({a}))"))
    else:
        form = rng.choice(("torch.where({a} {cmp} {c}, {a}, {c2})", "torch.where({a} {cmp} {c}, {a}, -{a})",
                           "{a}.masked_fill({a} {cmp} {c}, {c2})", "torch.where({a}.abs() {cmp} 1, {a}, {a} * 0.1)",
                           "{a} * ({a} {cmp} {c}).float()", "torch.where(torch.gt({a}, {c}), {a}, torch.ones_like({a}))"))
    o = p.fresh()
    return [f"{o} = {form.format(a=a, b=b, cmp=cmp, c=c, c2=rng.choice(('0.0', '-1.0', '1.0')))}"], [o]


def st_reduce(p):
    rng = p.rng
    a = p.pick(rank(1))
    t = p.env[a]
    d = dim_of(p, t)
    k = rng.random() < 0.4
    kd = ", keepdim=True" if k else ""
    o = p.fresh()
    r = rng.random()
    if r < 0.08:
        i = p.fresh()
        return [f"{o}, {i} = {a}.max(dim={d}{kd})"], [o, i]
    if r < 0.13 and t.dim() >= 2:
        d2 = (d + 1) % t.dim()
        return [f"{o} = {a}.{rng.choice(('sum', 'mean', 'amax'))}(dim=({d}, {d2}){kd})"], [o]
    if r < 0.17:
        return [f"{o} = {a}.{rng.choice(('sum', 'mean'))}()"], [o]
    form = rng.choice(("{a}.sum(dim={d}{kd})", "torch.sum({a}, {d}{kd})", "{a}.mean(dim={d}{kd})",
                       "torch.mean({a}, dim={d}{kd})", "{a}.amax(dim={d}{kd})", "torch.amax({a}, dim={d}{kd})",
                       "{a}.sum({d}{kd})", "{a}.var(dim={d}{kd})", "{a}.amin({d}{kd})",
                       "{a}.argmax(dim={d}{kd})", "torch.logsumexp({a}, dim={d}{kd})"))
    return [f"{o} = {form.format(a=a, d=d, kd=kd)}"], [o]


def st_softmax(p):
    a = p.pick(rank(1))
    t = p.env[a]
    d = -1 if p.rng.random() < 0.5 else dim_of(p, t)
    form = p.rng.choice(("F.softmax({a}, dim={d})", "{a}.softmax(dim={d})", "torch.softmax({a}, {d})",
                         "F.log_softmax({a}, dim={d})", "{a}.log_softmax({d})", "torch.log_softmax({a}, dim={d})"))
    o = p.out(a)
    return [f"{o} = {form.format(a=a, d=d)}"], [o]


def st_matmul(p):
    rng = p.rng
    a = p.pick(rank(2))
    t = p.env[a]
    k = t.shape[-1]
    o = p.fresh()
    r = rng.random()
    if r < 0.3:
        form = rng.choice(("{a} @ {a}.transpose(-1, -2)", "torch.matmul({a}, {a}.transpose(-2, -1))",
                           "{a}.matmul({a}.mT)", "{a}.transpose(-1, -2) @ {a}"))
        return [f"{o} = {form.format(a=a)}"], [o]
    if r < 0.65:
        cands = [b for b in p.order if b != a and isinstance(p.env[b], torch.Tensor) and isf(p.env[b])
                 and p.env[b].dim() >= 2 and p.env[b].shape[-1] == k]
        if cands:
            b = rng.choice(cands)
            form = rng.choice(("{a} @ {b}.transpose(-1, -2)", "torch.matmul({a}, {b}.transpose(-2, -1))",
                               "{a}.matmul({b}.transpose(-1, -2))"))
            return [f"{o} = {form.format(a=a, b=b)}"], [o]
    w = p.layer("w", f"nn.Parameter(torch.randn({k}, {rng.choice((2, 4, 6, 8))}))")
    form = rng.choice(("{a} @ {w}", "torch.matmul({a}, {w})", "{a}.matmul({w})"))
    return [f"{o} = {form.format(a=a, w=w)}"], [o]


def st_bmm(p):
    rng = p.rng
    a = p.pick(rank(3, atleast=False))
    o = p.fresh()
    t = p.env[a]
    cands = [b for b in p.order if b != a and isinstance(p.env[b], torch.Tensor) and isf(p.env[b])
             and p.env[b].dim() == 3 and p.env[b].shape[0] == t.shape[0] and p.env[b].shape[1] == t.shape[2]]
    if cands and rng.random() < 0.4:
        return [f"{o} = torch.bmm({a}, {rng.choice(cands)})"], [o]
    form = rng.choice(("torch.bmm({a}, {a}.transpose(1, 2))", "torch.bmm({a}.transpose(1, 2), {a})",
                       "{a}.bmm({a}.transpose(1, 2))"))
    return [f"{o} = {form.format(a=a)}"], [o]


def st_linear(p):
    rng = p.rng
    a = p.pick(rank(1))
    k = p.env[a].shape[-1]
    n = rng.choice((2, 4, 6, 8, 12, 16))
    o = p.out(a)
    r = rng.random()
    if r < 0.55:
        bias = ", bias=False" if rng.random() < 0.2 else ""
        fc = p.layer("fc", f"nn.Linear({k}, {n}{bias})")
        form = rng.choice(("{fc}({a})", "{fc}({a})", "torch.relu({fc}({a}))"))
        return [f"{o} = {form.format(fc=fc, a=a)}"], [o]
    if r < 0.75:
        act = rng.choice(("nn.ReLU()", "nn.GELU()", "nn.Tanh()", "nn.SiLU()"))
        mlp = p.layer("mlp", f"nn.Sequential(nn.Linear({k}, {n}), {act}, nn.Linear({n}, {k}))")
        return [f"{o} = {mlp}({a})"], [o]
    w = p.layer("weight", f"nn.Parameter(torch.randn({n}, {k}))")
    if rng.random() < 0.5:
        b = p.layer("bias", f"nn.Parameter(torch.zeros({n}))")
        return [f"{o} = F.linear({a}, {w}, {b})"], [o]
    return [f"{o} = F.linear({a}, {w})"], [o]


def st_conv2d(p):
    rng = p.rng
    a = p.pick(rank(4, atleast=False))
    c = p.env[a].shape[1]
    n = rng.choice((2, 4, 6, 8))
    k = rng.choice((1, 2, 3, 3, 5))
    args = [str(c), str(n), f"kernel_size={k}" if rng.random() < 0.5 else str(k)]
    stride = rng.choice((1, 1, 2))
    if stride != 1:
        args.append(f"stride={stride}")
    pad = rng.choice((0, 1, k // 2, "same")) if stride == 1 else rng.choice((0, 1))
    if pad == "same":
        args.append('padding="same"')
    elif pad:
        args.append(f"padding={pad}")
    if c % 2 == 0 and n % 2 == 0 and rng.random() < 0.15:
        args.append("groups=2")
    if rng.random() < 0.2:
        args.append("bias=False")
    conv = p.layer("conv", f"nn.Conv2d({', '.join(args)})")
    o = p.out(a)
    form = rng.choice(("{m}({a})", "{m}({a})", "F.relu({m}({a}))"))
    return [f"{o} = {form.format(m=conv, a=a)}"], [o]


def st_conv1d(p):
    rng = p.rng
    a = p.pick(rank(3, atleast=False))
    o = p.out(a)
    transpose = p.theme != "conv1d" and rng.random() < 0.4
    c = p.env[a].shape[2 if transpose else 1]
    n = rng.choice((2, 4, 6, 8))
    k = rng.choice((1, 2, 3, 3, 5))
    args = [str(c), str(n), str(k)]
    stride = rng.choice((1, 1, 2))
    if stride != 1:
        args.append(f"stride={stride}")
    pad = rng.choice((0, 1, k // 2))
    if pad:
        args.append(f"padding={pad}")
    conv = p.layer("conv", f"nn.Conv1d({', '.join(args)})")
    src = f"{a}.transpose(1, 2)" if transpose else a
    return [f"{o} = {conv}({src})"], [o]


def st_pool(p):
    rng = p.rng
    a = p.pick(lambda t: isf(t) and t.dim() in (3, 4))
    two = p.env[a].dim() == 4
    nd = "2d" if two else "1d"
    k = rng.choice((2, 2, 3))
    o = p.out(a)
    r = rng.random()
    if r < 0.35:
        form = f"F.max_pool{nd}({a}, {k})"
    elif r < 0.55:
        s = rng.choice((1, 2))
        pad = rng.choice((0, 1)) if k >= 2 else 0
        form = f"F.max_pool{nd}({a}, kernel_size={k}, stride={s}, padding={pad})"
    elif r < 0.75:
        extra = rng.choice(("", ", stride=1, padding=1" if k == 3 else "", ", ceil_mode=True"))
        form = f"F.avg_pool{nd}({a}, {k}{extra})"
    else:
        cls = rng.choice(("MaxPool", "AvgPool"))
        m = p.layer("pool", f"nn.{cls}{nd}({k})")
        form = f"{m}({a})"
    return [f"{o} = {form}"], [o]


def st_adaptive(p):
    rng = p.rng
    a = p.pick(lambda t: isf(t) and t.dim() in (3, 4))
    two = p.env[a].dim() == 4
    nd = "2d" if two else "1d"
    size = rng.choice(("1", "(1, 1)", "2", "(2, 3)", "(3, 2)")) if two else rng.choice(("1", "2", "4"))
    o = p.out(a)
    r = rng.random()
    if r < 0.6:
        form = f"F.adaptive_avg_pool{nd}({a}, {size})"
    elif r < 0.75:
        form = f"F.adaptive_max_pool{nd}({a}, {size})"
    else:
        m = p.layer("pool", f"nn.AdaptiveAvgPool{nd}({size})")
        form = f"{m}({a})"
    lines = [f"{o} = {form}"]
    if rng.random() < 0.5:
        lines.append(f"{o} = {o}.flatten(1)" if rng.random() < 0.6 else f"{o} = {o}.view({o}.shape[0], -1)")
    return lines, [o]


def st_layernorm(p):
    rng = p.rng
    a = p.pick(rank(1))
    t = p.env[a]
    o = p.out(a)
    if rng.random() < 0.25:
        return [f"{o} = F.layer_norm({a}, ({t.shape[-1]},))"], [o]
    shape = str(t.shape[-1])
    if t.dim() >= 3 and rng.random() < 0.2:
        shape = f"[{t.shape[-2]}, {t.shape[-1]}]"
    affine = ", elementwise_affine=False" if rng.random() < 0.15 else ""
    ln = p.layer("norm", f"nn.LayerNorm({shape}{affine})")
    return [f"{o} = {ln}({a})"], [o]


def st_batchnorm(p):
    rng = p.rng
    a = p.pick(lambda t: isf(t) and t.dim() in (2, 3, 4))
    t = p.env[a]
    cls = "BatchNorm2d" if t.dim() == 4 else "BatchNorm1d"
    extra = rng.choice(("", "", ", affine=False", ", momentum=0.2", ", eps=0.001"))
    bn = p.layer("bn", f"nn.{cls}({t.shape[1]}{extra})")
    o = p.out(a)
    return [f"{o} = {bn}({a})"], [o]


def st_groupnorm(p):
    rng = p.rng
    a = p.pick(lambda t: isf(t) and t.dim() >= 3)
    c = p.env[a].shape[1]
    groups = [g for g in (1, 2, 3, 4) if c % g == 0]
    gn = p.layer("gn", f"nn.GroupNorm({rng.choice(groups)}, {c})")
    o = p.out(a)
    return [f"{o} = {gn}({a})"], [o]


def st_embedding(p):
    rng = p.rng
    a = p.pick(lambda t: t.dtype == torch.int64)
    high = int(p.env[a].max()) + 1
    v = max(high, getattr(p, "vocab", high))
    d = p.size("D") if "D" in p.sizes or rng.random() < 0.5 else rng.choice((4, 8, 16))
    o = p.fresh()
    if rng.random() < 0.8:
        pad = ", padding_idx=0" if rng.random() < 0.2 else ""
        emb = p.layer("emb", f"nn.Embedding({v}, {d}{pad})")
        return [f"{o} = {emb}({a})"], [o]
    table = p.layer("table", f"nn.Parameter(torch.randn({v}, {d}))")
    return [f"{o} = F.embedding({a}, {table})"], [o]


def st_dropout(p):
    rng = p.rng
    a = p.pick()
    o = p.out(a)
    prob = rng.choice((0.1, 0.2, 0.5))
    if rng.random() < 0.6:
        m = p.layer("drop", f"nn.Dropout({prob})")
        return [f"{o} = {m}({a})"], [o]
    return [f"{o} = F.dropout({a}, p={prob}, training=self.training)"], [o]


def st_view(p):
    rng = p.rng
    a = p.pick(rank(2))
    t = p.env[a]
    o = p.fresh()
    s = list(t.shape)
    view = rng.choice(("view", "reshape"))
    r = rng.random()
    if r < 0.2:
        return [f"{o} = {a}.{view}({a}.shape[0], -1)"], [o]
    if r < 0.35:
        return [f"{o} = {a}.{view}(-1, {s[-1]})"], [o]
    if r < 0.45:
        return [f"{o} = {a}.{view}(-1)"], [o]
    if r < 0.65 and s[-1] % 2 == 0:
        heads = rng.choice([h for h in (2, 4) if s[-1] % h == 0])
        form = rng.choice(("{a}.{view}(*{a}.shape[:-1], {h}, {n})", "{a}.{view}(*{a}.shape[:-1], {h}, -1)"))
        return [f"{o} = " + form.format(a=a, view=view, h=heads, n=s[-1] // heads)], [o]
    if r < 0.8:
        lits = ", ".join(str(x) for x in s[:-2]) + (", " if len(s) > 2 else "") + str(s[-2] * s[-1])
        return [f"{o} = {a}.{view}({lits})"], [o]
    if t.dim() >= 3:
        return [f"b, n = {a}.shape[0], {a}.shape[1]", f"{o} = {a}.{view}(b * n, -1)"], [o]
    return [f"n = {a}.size(-1)", f"{o} = {a}.{view}(-1, n)"], [o]


def st_flatten(p):
    rng = p.rng
    a = p.pick(rank(2))
    t = p.env[a]
    o = p.fresh()
    r = rng.random()
    if r < 0.4:
        return [f"{o} = torch.flatten({a}, 1)"], [o]
    if r < 0.6:
        return [f"{o} = {a}.flatten()"], [o]
    start = rng.randrange(0, t.dim() - 1)
    end = rng.randrange(start + 1, t.dim())
    end = end - t.dim() if rng.random() < 0.5 else end
    return [f"{o} = {a}.flatten({start}, {end})" if rng.random() < 0.5
            else f"{o} = {a}.flatten(start_dim={start}, end_dim={end})"], [o]


def st_transpose(p):
    rng = p.rng
    a = p.pick(rank(2))
    t = p.env[a]
    o = p.fresh()
    r = rng.random()
    if t.dim() == 2 and r < 0.2:
        return [f"{o} = {a}.t()"], [o]
    if r < 0.55:
        i, j = rng.sample(range(t.dim()), 2)
        if rng.random() < 0.3:
            i, j = i - t.dim(), j - t.dim()
        form = rng.choice(("{a}.transpose({i}, {j})", "torch.transpose({a}, {i}, {j})"))
        line = f"{o} = " + form.format(a=a, i=i, j=j)
    else:
        perm = list(range(t.dim()))
        while perm == sorted(perm):
            rng.shuffle(perm)
        form = rng.choice(("{a}.permute({p})", "{a}.permute({pl})", "torch.permute({a}, {pt})"))
        line = f"{o} = " + form.format(a=a, p=", ".join(map(str, perm)), pl=list(perm), pt=tuple(perm))
    if rng.random() < 0.3:
        line += ".contiguous()"
    return [line], [o]


def st_squeeze(p):
    rng = p.rng
    a = p.pick()
    t = p.env[a]
    o = p.fresh()
    ones = [i for i, s in enumerate(t.shape) if s == 1]
    if ones and rng.random() < 0.7:
        d = rng.choice(ones)
        form = rng.choice(("{a}.squeeze({d})", "torch.squeeze({a}, {d})", "{a}.squeeze(dim={d})"))
        return [f"{o} = " + form.format(a=a, d=d)], [o]
    d = rng.randrange(-t.dim() - 1, t.dim() + 1)
    form = rng.choice(("{a}.unsqueeze({d})", "torch.unsqueeze({a}, {d})"))
    if t.dim() >= 1 and rng.random() < 0.3:
        return [f"{o} = {a}[:, None]"], [o]
    return [f"{o} = " + form.format(a=a, d=d)], [o]


def st_expand(p):
    rng = p.rng
    a = p.pick(rank(1))
    t = p.env[a]
    o = p.fresh()
    ones = [i for i, s in enumerate(t.shape) if s == 1]
    cands = [b for b in broadcastable(p, a) if p.env[b].shape != t.shape
             and torch.broadcast_shapes(t.shape, p.env[b].shape) == p.env[b].shape]
    if cands and rng.random() < 0.5:
        return [f"{o} = {a}.expand_as({rng.choice(cands)})"], [o]
    k = rng.choice((2, 3, 4))
    if ones:
        sizes = ["-1"] * t.dim()
        sizes[rng.choice(ones)] = str(k)
        return [f"{o} = {a}.expand({', '.join(sizes)})"], [o]
    if rng.random() < 0.3:
        reps = ", ".join(["1"] * (t.dim() - 1) + [str(k)])
        return [f"{o} = {a}.repeat({reps})"], [o]
    rest = ", ".join(["-1"] * (t.dim() - 1))
    return [f"{o} = {a}.unsqueeze(1).expand(-1, {k}{', ' + rest if rest else ''})"], [o]


def st_cat(p):
    rng = p.rng
    a = p.pick(rank(1))
    t = p.env[a]
    o = p.fresh()
    d = dim_of(p, t)
    stack = rng.random() < 0.35
    same = [b for b in p.order if b != a and isinstance(p.env[b], torch.Tensor) and isf(p.env[b])
            and p.env[b].dim() == t.dim() and all(x == y or (not stack and i == d % t.dim())
                                                   for i, (x, y) in enumerate(zip(p.env[b].shape, t.shape)))]
    other = rng.choice(same) if same and rng.random() < 0.6 else rng.choice((a, f"{a} * 2", f"{a}.relu()",
                                                                             f"torch.zeros_like({a})"))
    if stack:
        d = rng.randrange(-t.dim() - 1, t.dim() + 1)
        form = rng.choice(("torch.stack([{a}, {b}], dim={d})", "torch.stack(({a}, {b}), {d})"))
    else:
        form = rng.choice(("torch.cat([{a}, {b}], dim={d})", "torch.cat(({a}, {b}), {d})",
                           "torch.cat([{a}, {b}], {d})", "torch.concat([{a}, {b}], dim={d})"))
    return [f"{o} = " + form.format(a=a, b=other, d=d)], [o]


def st_split(p):
    rng = p.rng
    a = p.pick(lambda t: isf(t) and t.dim() >= 1 and max(t.shape) >= 2)
    t = p.env[a]
    dims = [i for i, s in enumerate(t.shape) if s >= 2]
    d = rng.choice(dims)
    n = t.shape[d]
    dd = d - t.dim() if rng.random() < 0.4 else d
    q, r_ = p.fresh(), p.fresh()
    r = rng.random()
    if r < 0.45:
        chunks = 3 if n % 3 == 0 and rng.random() < 0.3 else 2
        names = [q, r_] + ([p.fresh()] if chunks == 3 else [])
        form = rng.choice(("{a}.chunk({c}, dim={d})", "torch.chunk({a}, {c}, {d})", "{a}.chunk({c}, {d})"))
        line = f"{', '.join(names)} = " + form.format(a=a, c=chunks, d=dd)
    elif r < 0.75:
        k = (n + 1) // 2
        names = [q, r_]
        line = f"{q}, {r_} = " + rng.choice(("{a}.split({k}, dim={d})", "torch.split({a}, {k}, {d})")).format(
            a=a, k=k, d=dd)
    else:
        k = rng.randrange(1, n)
        names = [q, r_]
        line = f"{q}, {r_} = {a}.split([{k}, {n - k}], dim={dd})"
    lines = [line]
    outs = list(names)
    if n % len(names) == 0 and rng.random() < 0.6:
        o = p.fresh()
        form = rng.choice(("{q} * torch.sigmoid({r})", "{q} + {r}", "torch.maximum({q}, {r})"))
        lines.append(f"{o} = " + form.format(q=names[0], r=names[1]))
        outs.append(o)
    return lines, outs


def st_slice(p):
    rng = p.rng
    a = p.pick(rank(2))
    t = p.env[a]
    o = p.fresh()
    s1 = t.shape[1]
    k = rng.randrange(1, max(2, s1))
    form = rng.choice(("{a}[:, :{k}]", "{a}[..., 0]", "{a}[:, -1]", "{a}[:, 1:]", "{a}[..., ::2]",
                       "{a}[:, {k}:]", "{a}[..., :{kl}]", "{a}[:, 0]", "{a}[0]", "{a}.narrow(1, 0, {k})",
                       "{a}.select(1, 0)", "{a}[:, :, None]" if t.dim() >= 2 else "{a}[:, None]", "{a}[..., -1:]",
                       "{a}[:, :{a}.shape[1] // 2]"))
    kl = rng.randrange(1, max(2, t.shape[-1]))
    return [f"{o} = " + form.format(a=a, k=k, kl=kl)], [o]


def st_shape_arith(p):
    rng = p.rng
    a = p.pick(rank(2))
    t = p.env[a]
    o = p.fresh()
    r = rng.random()
    if r < 0.3:
        return [f"n = {a}.shape[-1] // 2", f"{o} = {a}[..., :n] + {a}[..., n:2 * n]"], [o]
    if r < 0.5 and t.dim() >= 3:
        return [f"b, s = {a}.shape[0], {a}.shape[1]", f"{o} = {a}.reshape(b * s, -1)"], [o]
    if r < 0.65 and t.dim() == 4:
        return [f"b, c, h, w = {a}.shape", f"{o} = {a}.view(b, c, h * w).transpose(1, 2)"], [o]
    if r < 0.8:
        return [f"{o} = {a}.reshape({a}.shape[0], {a}.shape[1], -1).sum(-1) / {a}.shape[-1]"], [o]
    return [f"n = {a}.size(0)", f"{o} = {a}.reshape(n, -1) * (1.0 / n)"], [o]


def st_contiguous(p):
    rng = p.rng
    a = p.pick(rank(2))
    t = p.env[a]
    o = p.fresh()
    if t.dim() >= 3 and rng.random() < 0.5:
        return [f"{o} = {a}.transpose(1, 2).contiguous().view({a}.shape[0], -1)"], [o]
    form = rng.choice(("{a}.transpose(0, 1).contiguous()", "{a}.contiguous()", "{a}.transpose(-1, -2).contiguous()"))
    return [f"{o} = " + form.format(a=a)], [o]


def st_factory(p):
    rng = p.rng
    a = p.pick(rank(1))
    t = p.env[a]
    o = p.fresh()
    r = rng.random()
    if r < 0.2:
        return [f"{o} = {a} + torch.ones_like({a})"], [o]
    if r < 0.3:
        return [f"{o} = torch.zeros_like({a})", f"{o} = {o} + {a}.mean()"], [o]
    if r < 0.4:
        return [f"{o} = torch.full_like({a}, 0.5) * {a}"], [o]
    if r < 0.6:
        form = rng.choice(("{a} * torch.arange({a}.shape[-1], dtype={a}.dtype)",
                           "{a} + torch.arange({a}.shape[-1]).float()",
                           "{a} + torch.arange({a}.size(-1)).to({a}.dtype) / {a}.size(-1)"))
        return [f"{o} = " + form.format(a=a)], [o]
    if r < 0.75:
        i = p.fresh()
        return [f"{i} = torch.arange({a}.shape[0])", f"{o} = {a}[{i}]"], [i, o]
    if r < 0.85 and t.dim() >= 2:
        return [f"pos = torch.arange({a}.shape[1], device={a}.device)",
                f"{o} = {a} + pos.view(1, -1{', 1' * (t.dim() - 2)}).to({a}.dtype)"], [o]
    if t.dim() == 2:
        return [f"{o} = torch.cat([{a}, torch.zeros({a}.shape[0], {rng.choice((1, 2))})], dim=1)"], [o]
    return [f"{o} = F.pad({a}, ({rng.choice((0, 1))}, {rng.choice((1, 2))}))"], [o]


def st_dtype(p):
    rng = p.rng
    a = p.pick()
    o = p.fresh()
    form = rng.choice(("({a} > 0).float()", "{a}.to(torch.float64)", "{a}.double()", "({a} < 0.5).to({a}.dtype)",
                       "{a}.to(torch.float16).float()", "{a}.long()", "{a}.int()", "{a}.type_as({a})",
                       "({a} > 0).sum(-1)"))
    return [f"{o} = " + form.format(a=a)], [o]


def st_if_shape(p):
    rng = p.rng
    a = p.pick(rank(1))
    t = p.env[a]
    d = rng.choice((-1, 0, 1)) if t.dim() >= 2 else -1
    size = t.shape[d]
    k = size + rng.choice((-2, -1, 0, 1))
    cond = rng.choice(("{a}.shape[{d}] > {k}", "{a}.size({d}) >= {k}", "{a}.shape[{d}] % 2 == 0",
                       "{a}.dim() == {r}", "self.training"))
    o = p.fresh()
    u1, u2 = rng.sample(UNARY, 2)
    test = cond.format(a=a, d=d, k=k, r=t.dim())
    if rng.random() < 0.3:
        return [f"{o} = {a}", f"if {test}:", f"    {o} = {u1.format(a=o)}"], [o]
    return [f"if {test}:", f"    {o} = {u1.format(a=a)}", "else:", f"    {o} = {u2.format(a=a)}"], [o]


def st_modulelist(p):
    rng = p.rng
    a = p.pick(rank(1))
    k = p.env[a].shape[-1]
    n = rng.choice((2, 3))
    o = p.fresh()
    r = rng.random()
    if r < 0.5:
        blocks = p.layer("blocks", f"nn.ModuleList([nn.Linear({k}, {k}) for _ in range({n})])")
        body = rng.choice(("{o} = torch.relu(blk({o}))", "{o} = {o} + blk({o})", "{o} = blk({o}).tanh()"))
        return [f"{o} = {a}", f"for blk in {blocks}:", f"    {body.format(o=o)}"], [o]
    if r < 0.75:
        blocks = p.layer("layers", f"nn.ModuleList([nn.Sequential(nn.LayerNorm({k}), nn.Linear({k}, {k}))"
                                   f" for _ in range({n})])")
        return [f"{o} = {a}", f"for i, layer in enumerate({blocks}):", f"    {o} = {o} + layer({o}) * (i + 1)"], [o]
    form = rng.choice(("{o} = {o} * 0.5 + 0.1", "{o} = torch.tanh({o}) + {o}"))
    return [f"{o} = {a}", f"for _ in range({n}):", f"    {form.format(o=o)}"], [o]


def st_loop_slices(p):
    a = p.pick(lambda t: isf(t) and t.dim() >= 2 and t.shape[1] <= 8)
    o = p.fresh()
    return [f"{o} = {a}[:, 0]", f"for i in range(1, {a}.shape[1]):", f"    {o} = {o} + {a}[:, i]"], [o]


# theme: (statement, input layouts, weight of the statement as filler)
THEMES = {
    "unary": (st_unary, ANY, 6), "scalar_arith": (st_scalar, ANY, 4), "binary": (st_binary, ANY, 5),
    "where": (st_where, ANY, 2), "reduction": (st_reduce, ANY, 3), "softmax": (st_softmax, ANY, 2),
    "matmul": (st_matmul, ("vec", "seq"), 2), "bmm": (st_bmm, ("seq",), 1),
    "linear": (st_linear, ("vec", "seq"), 4), "conv2d": (st_conv2d, ("img",), 2),
    "conv1d": (st_conv1d, ("sig", "seq"), 1), "pool": (st_pool, ("img", "sig"), 2),
    "adaptive_pool": (st_adaptive, ("img", "sig"), 1), "layer_norm": (st_layernorm, ("vec", "seq", "img"), 2),
    "batch_norm": (st_batchnorm, ("img", "sig", "vec"), 1), "group_norm": (st_groupnorm, ("img", "sig"), 1),
    "embedding": (st_embedding, ("tok",), 1), "dropout": (st_dropout, ANY, 1),
    "view": (st_view, ANY, 2), "flatten": (st_flatten, ANY, 1), "transpose": (st_transpose, ANY, 2),
    "squeeze": (st_squeeze, ANY, 1), "expand": (st_expand, ANY, 1), "cat": (st_cat, ANY, 2),
    "split": (st_split, ANY, 1), "slice": (st_slice, ANY, 2), "shape_arith": (st_shape_arith, ANY, 1),
    "contiguous": (st_contiguous, ANY, 1), "factory": (st_factory, ANY, 1), "dtype": (st_dtype, ANY, 1),
    "if_shape": (st_if_shape, ANY, 1), "module_list": (st_modulelist, ("vec", "seq", "img"), 1),
    "loop": (st_loop_slices, ("seq", "img", "sig"), 1),
}
FILLERS = [name for name in THEMES if name != "embedding"]


def build(index):
    """Program `index`, or None when its draws did not come together."""
    rng = random.Random(f"rnd-{index}")
    torch.manual_seed(index)
    theme = rng.choice(sorted(THEMES))
    stmt, layouts, _ = THEMES[theme]
    p = Program(rng, theme, layouts)
    target = rng.randint(2, 10)           # forward statements, the return included
    before = rng.randint(0, max(0, (target - 2) // 2))
    weights = [THEMES[n][2] for n in FILLERS]
    ids_first = p.layout == "tok"
    if ids_first:                         # token ids become floats through the embedding first
        if not any(p.attempt(st_embedding) for _ in range(10)):
            return None
        before = 0
    for _ in range(before):
        for _ in range(10):
            if p.attempt(THEMES[rng.choices(FILLERS, weights)[0]][0]):
                break
    if not ids_first and not any(p.attempt(stmt) for _ in range(25)):
        return None
    tries = 0
    while len(p.body) + 1 < target and tries < 60:
        tries += 1
        p.attempt(THEMES[rng.choices(FILLERS, weights)[0]][0])
    if not p.body:
        return None
    return p


def returned(p):
    """The return statement: the newest tensor, sometimes with another in a tuple or dict."""
    rng = p.rng
    inputs = {name for name, *_ in p.inputs}
    last = p.order[-1]
    others = [v for v in p.order[:-1] if v not in inputs and isinstance(p.env[v], torch.Tensor)]
    r = rng.random()
    if others and r < 0.2:
        return f"return {last}, {rng.choice(others)}"
    if others and r < 0.3:
        return f'return {{"out": {last}, "aux": {rng.choice(others)}}}'
    if len(others) >= 2 and r < 0.35:
        a, b = rng.sample(others, 2)
        return f"return ({last}, {a}, {b})"
    if r < 0.38:
        return f"return {last}, {p.inputs[0][0]}"
    return f"return {last}"


def dynamic_spec(p, runs):
    """(lines before `dynamic_shapes`, the spec, description) of the dynamic variant."""
    rng = p.rng
    names = [name for name, *_ in p.inputs]
    roles_of = {name: roles for name, roles, *_ in p.inputs}
    second = sorted({r for _, roles, *_ in p.inputs for r in roles[1:] if r not in ("1", "B")})
    r = rng.random()
    marks = {}      # role -> spelling
    pre = []
    if r < 0.4 or not runs("B"):
        marks["B"] = "Dim.AUTO"
        desc = "dim 0 Dim.AUTO"
    else:
        marks["B"] = "batch"
        bound = rng.choice(("", "", "", ", max=1024", ", min=2"))
        pre.append(f'batch = Dim("batch"{bound})')
        desc = "named batch dim"
    last_auto = False
    if second and rng.random() < 0.45:
        role = rng.choice(second)
        if runs(role) and rng.random() < 0.6:
            marks[role] = DIM_NAMES[role]
            pre.append(f'{DIM_NAMES[role]} = Dim("{DIM_NAMES[role]}")')
            desc += f", named {DIM_NAMES[role]} dim"
        else:
            last_auto = True
            desc += ", last dim Dim.AUTO"
    specs = {}
    for name in names:
        roles = roles_of[name]
        spec = {}
        for i, role in enumerate(roles):
            if role in marks:
                spec[i] = marks[role]
        if last_auto and len(roles) >= 2:
            spec[len(roles) - 1] = "Dim.AUTO"
        specs[name] = "{" + ", ".join(f"{i}: {s}" for i, s in sorted(spec.items())) + "}" if spec else "None"
    if rng.random() < 0.3:
        spec = "{" + ", ".join(f"{n!r}: {specs[n]}" for n in names) + "}"
    else:
        spec = tuple_literal([specs[n] for n in names])
    return pre, spec, desc


def source_of(p, index, ret, values, dynamic):
    lines = [f'"""Random program {index} ({p.theme}), {dynamic[2] if dynamic else "static shapes"}."""',
             "import torch",
             "import torch.nn.functional as F",
             "from torch import nn"]
    if dynamic:
        lines.append("from torch.export import Dim")
    lines += ["", "", "class Model(nn.Module):"]
    if p.init:
        lines += ["    def __init__(self):", "        super().__init__()"]
        lines += [f"        {ln}" for ln in p.init]
        lines.append("")
    params = ", ".join(["self", *(name for name, *_ in p.inputs)])
    lines.append(f"    def forward({params}):")
    lines += [f"        {ln}" for ln in p.body]
    lines.append(f"        {ret}")
    lines += ["", "", "torch.manual_seed(0)", "model = Model().eval()",
              f"example_args = {tuple_literal([tensor_literal(v) for v in values])}"]
    if dynamic:
        lines += dynamic[0]
        lines.append(f"dynamic_shapes = {dynamic[1]}")
    return "\n".join(lines) + "\n"


def load(source, index):
    ns = {"__name__": f"rnd_{index}"}
    exec(compile(source, f"rnd_{index}.py", "exec"), ns)  # noqa: S102 - the generated program
    return ns


def make_case(index):
    """(static source, dynamic source, theme) of program `index`, or a reason it is not kept."""
    p = build(index)
    if p is None:
        return "theme statement never ran"
    ret = returned(p)
    values = p.examples
    static = source_of(p, index, ret, values, None)
    try:
        ns = load(static, index)
        torch.manual_seed(index)
        with torch.no_grad():
            ns["model"](*ns["example_args"])
    except Exception as e:  # noqa: BLE001 - the program as written does not run
        return f"eager: {type(e).__name__}"
    model = ns["model"]

    def runs(role):
        sizes = dict(p.sizes)
        sizes[role] = sizes[role] + 3
        try:
            with torch.no_grad():
                model(*p.input_values(sizes))
        except Exception:  # noqa: BLE001 - the dim does not vary in eager
            return False
        return True

    dyn = dynamic_spec(p, runs)
    dynamic = source_of(p, index, ret, values, dyn)
    try:
        ns = load(dynamic, index)
        with torch.no_grad():
            ns["model"](*ns["example_args"])
    except Exception as e:  # noqa: BLE001
        return f"eager (dynamic): {type(e).__name__}"
    return static, dynamic, p.theme


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", type=int, default=2000)
    opts = ap.parse_args(argv)
    torch.set_num_threads(1)
    warnings.filterwarnings("ignore")  # eager runs of drawn statements warn (var with one value, ...)
    rows, why, seen = [], Counter(), set()
    index = 0
    while len(rows) < 2 * opts.programs:
        made = make_case(index)
        if isinstance(made, str):
            why[made] += 1
        elif made[0] in seen:
            why["duplicate"] += 1
        else:
            static, dynamic, theme = made
            seen.add(static)
            rows.append({"case": f"rnd_{index:05d}_s", "op": theme, "source": static})
            rows.append({"case": f"rnd_{index:05d}_d", "op": theme, "source": dynamic})
        index += 1
    write_jsonl(OUT, rows)
    themes = Counter(r["op"] for r in rows[::2])
    print(f"{len(rows)} cases from {len(rows) // 2} programs ({index} drawn; not kept: {dict(why.most_common())}); "
          f"themes: {dict(sorted(themes.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
