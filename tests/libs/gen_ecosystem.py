#!/usr/bin/env python3
"""Grows the library yardstick over the PyTorch ecosystem by itself: for each
library of LIBRARIES, finds the nn.Module classes it defines that can be
built from their defaults or from a small configuration read off their
`__init__` signature, finds example inputs that run in eager torch, and
writes each as a case file in the ExportDB layout (module-level `model`,
`example_args`, optional `dynamic_shapes`) under
tests/libs/cases/<library>/, importing the class as a user would (from the
shortest public module that exports it) and building it with the literal
arguments found.

Run it with the torch side, which has the libraries installed (the same
pinned versions as tests/libs/packages.txt):

    /work/torchvenv/bin/python tests/libs/gen_ecosystem.py [LIBRARY ...]

then tests/libs/regen_truth.sh LIBRARY ... for their truth. Each library is
searched in a process of its own (a crash or a hang loses that library
only, LIB_TIMEOUT_S); a library's folder is brought to what this run
finds (a case file whose text is unchanged is left alone, so
`regen_truth.sh --resume` keeps its truth).

How a class is tried (deterministically: classes the package exports at
its top level first, then by module and name; at most MAX_CASES cases and
MAX_CLASSES classes tried per library):

- configurations (configs()): the defaults with required parameters filled
  by name (dim/channels/hidden -> 32, heads -> 2, depth/layers -> 2,
  image_size -> 32, ...), then the same with large size-like defaults
  shrunk, then a few variants; each is first built on the meta device to
  count parameters (at most MAX_PARAMS) before it is built for real, and
  a model of more than MAX_MODULES modules is left out;
- inputs (input_candidates()): per required forward parameter, a role from
  its name (time step, edge index, mask, context, ...) and, for the main
  inputs, shapes matched to the configuration: images (2, C, 32, 32),
  sequences (2, 16, D), tokens, features (2, D), signals (2, C, 64),
  volumes (2, C, 16, 16, 16), graphs (10 nodes, 24 edges);
- dynamic shapes (every third case of a library, by its order): dim 0 and
  the spatial or sequence dims of the main inputs, when eager torch also
  runs at batch 3 and at another size of those dims (else the batch only,
  else static); alternately named `Dim(...)`s and `Dim.AUTO`.

Every model runs in eval mode under a per-try alarm (TRY_TIMEOUT_S).
"""
import argparse
import importlib
import inspect
import json
import os
import pkgutil
import re
import signal
import subprocess
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
GEN_LOG = HERE.parents[1] / "target" / "libs-gen"  # per library: classes found, cases written, why the others dropped
TRYING = GEN_LOG / "trying"  # the class a library's process is trying now
CRASHED = HERE / "gen_ecosystem_crashes.json"  # {library: [classes that killed the process]}: skipped

# Import names of the libraries (tests/libs/packages.txt pins their versions).
# Tried and left out: lambda_networks, pytorch_msssim, torchcrf, torchdiffeq and
# torchsde (no class builds and runs from its signature: they want callables,
# explicit shapes or tags); enformer_pytorch (imports polars), bs_roformer
# (librosa), vocos and encodec (torchaudio: no wheel for torch 2.15);
# ultralytics (opencv, matplotlib, pandas at import), mamba_ssm (CUDA build).
LIBRARIES = (
    "axial_attention", "bottleneck_transformer_pytorch", "coca_pytorch", "colt5_attention", "conformer",
    "denoising_diffusion_pytorch", "diffusers", "e3nn", "egnn_pytorch", "halonet_pytorch", "hyper_connections",
    "julius", "kornia", "linear_attention_transformer", "local_attention", "mambapy",
    "mixture_of_experts", "monai", "ncps", "nystrom_attention", "open_clip", "palm_pytorch", "peft",
    "performer_pytorch", "positional_encodings", "product_key_memory", "pytorch_metric_learning",
    "pytorch_tcn", "reformer_pytorch", "rotary_embedding_torch", "rtdl_revisiting_models",
    "segment_anything", "siren_pytorch", "snac", "spandrel", "st_moe_pytorch", "tab_transformer_pytorch",
    "timesformer_pytorch", "torch_geometric", "vector_quantize_pytorch",
    "x_transformers", "x_unet", "zuko",
    # Added 2026-12-04, measured before any change made for them (docs/fidelity.md, "held out"):
    "MEGABYTE_pytorch", "auraloss", "enformer_pytorch", "entmax", "gateloop_transformer",
    "invariant_point_attention", "lambda_networks", "mega_pytorch", "nnAudio", "normflows",
    "perceiver_ar_pytorch", "piq", "point_transformer_pytorch", "pytorch_msssim", "pytorch_tabnet",
    "recurrent_memory_transformer_pytorch", "torchdiffeq", "x_clip",
)
MAX_CASES = 100
MAX_CLASSES = 600
MAX_PARAMS = 10_000_000
MAX_MODULES = 400  # bigger graphs make slow exports and megabytes of truth (a KarrasUnet: 742, 4 MB)
TRY_TIMEOUT_S = 10
LIB_TIMEOUT_S = 900
DYNAMIC_EVERY = 3
SKIP_MODULE = re.compile(r"(^|\.)(tests?|testing|_?test_\w*|cli|commands|scripts?|examples?|benchmarks?|"
                         r"experimental|pipelines|training|train|datasets?|data|io|utils?|loggers?|"
                         r"callbacks?|deprecated|conftest|setup)(\.|$)")
BATCH, SEQ, IMAGE, SIGNAL, VOLUME, NODES, EDGES = 2, 16, 32, 64, 16, 10, 24


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


class limit:
    """Raises Timeout in the body after `seconds` (SIGALRM, main thread)."""

    def __init__(self, seconds):
        self.seconds = seconds

    def __enter__(self):
        signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(self.seconds)

    def __exit__(self, *exc):
        signal.alarm(0)
        return False


# --- finding the classes -----------------------------------------------------------
def walk_modules(lib):
    """The library's modules that import (sorted; failures tolerated)."""
    top = importlib.import_module(lib)
    mods = {lib: top}
    if hasattr(top, "__path__"):
        names = sorted(m.name for m in pkgutil.walk_packages(top.__path__, lib + ".", onerror=lambda _: None))
        for name in names:
            if SKIP_MODULE.search(name[len(lib):]):
                continue
            try:
                with limit(30), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    mods[name] = importlib.import_module(name)
            except BaseException as e:  # noqa: BLE001 - a module that does not import is skipped
                if isinstance(e, KeyboardInterrupt):
                    raise
    return mods


def module_classes(lib, mods):
    """[(module name, class)] of the nn.Module subclasses the library defines,
    its top-level exports first, then by module and name."""
    import torch.nn as nn

    found = {}
    for modname, mod in mods.items():
        for name, obj in sorted(vars(mod).items()):
            if (inspect.isclass(obj) and issubclass(obj, nn.Module) and obj.__module__ == modname
                    and not name.startswith("_") and not inspect.isabstract(obj)):
                found[(modname, name)] = obj
    top = mods[lib]
    exported = {id(getattr(top, n, None)) for n in getattr(top, "__all__", None) or dir(top)
                if not n.startswith("_")} if not lazy(top) else set()
    if lazy(top):  # diffusers-style lazy packages: the names it declares
        exported = {id(o) for (m, n), o in found.items() if n in set(dir(top))}
    return [(m, c) for (m, n), c in sorted(found.items(), key=lambda kv: (id(kv[1]) not in exported, kv[0]))]


def lazy(mod):
    return type(mod).__name__ == "_LazyModule"


def import_path(cls):
    """The shortest module a user imports `cls` from (a parent package that
    exports the same object), else its own module."""
    parts = cls.__module__.split(".")
    for i in range(1, len(parts)):
        parent = ".".join(parts[:i])
        try:
            mod = sys.modules.get(parent) or importlib.import_module(parent)
            if getattr(mod, cls.__name__, None) is cls:
                return parent
        except Exception:  # noqa: BLE001
            continue
    return cls.__module__


# --- configurations ------------------------------------------------------------------
SIZE_WORDS = ("dim", "hidden", "channel", "feature", "embed", "width", "d_model", "n_embd", "units", "filters")


def required_value(name, annotation, variant):
    """A value for a required __init__ parameter from its name, or raises KeyError."""
    n = name.lower()
    small = (32, 16, 64)[variant % 3]
    if n in ("spatial_dims", "dims", "ndim", "n_dims") or n.endswith("spatial_dims"):
        return 2
    if n in ("in_channels", "in_chans", "in_ch", "input_channels", "num_channels", "n_channels", "in_c",
             "channels_in", "image_channels", "img_channels", "c_in", "inp_channels", "input_nc", "in_nc"):
        return (3, 4, 1)[variant % 3]
    if re.search(r"(out_channels|out_chans|out_ch|num_classes|n_classes|classes|out_features|out_dim|dim_out|"
                 r"output_dim|output_size|num_outputs|n_out|out_size|output_nc|out_nc)$", n):
        return 8
    if re.search(r"(heads|nhead|num_head|n_head)$", n):
        return 2
    if n in ("dim_head", "head_dim", "d_head", "d_k", "d_v", "dim_heads"):
        return 16
    if re.search(r"(depth|layers|num_blocks|n_blocks|blocks)$", n):
        return 2
    if n in ("image_size", "img_size", "resolution", "input_resolution", "image_shape"):
        return IMAGE
    if n in ("patch_size", "patch"):
        return 8
    if n in ("kernel_size", "kernel", "ksize", "k"):
        return 3
    if n in ("stride", "dilation", "groups", "scale", "scale_factor", "upscale", "upscale_factor", "factor"):
        return 2 if "scale" in n or n == "factor" else 1
    if n in ("padding", "pad"):
        return 1
    if re.search(r"(num_tokens|vocab_size|n_vocab|num_embeddings|vocab|n_tokens|num_codes|codebook_size)$", n):
        return 64
    if re.search(r"(seq_len|max_seq_len|max_len|sequence_length|context_length|max_length|num_positions|"
                 r"max_position_embeddings|n_positions|block_size|seq_length)$", n):
        return SEQ
    if n in ("window_size", "window", "local_window_size"):
        return 4
    if n in ("num_groups", "norm_num_groups"):
        return 4
    if n in ("num_nodes", "n_nodes"):
        return NODES
    if any(w in n for w in SIZE_WORDS) or n in ("d", "c", "n", "size", "hidden_size", "num_features"):
        return small
    if annotation is int or annotation == "int":
        return small
    if annotation is float or annotation == "float":
        return 0.1
    if annotation is bool or annotation == "bool" or n.startswith(("use_", "is_", "with_")):
        return False
    if variant >= 2 and annotation in (inspect.Parameter.empty, None):
        return 16  # a name we cannot read: a small int, checked by running it
    raise KeyError(name)


def shrunk_default(name, default):
    """A smaller value for a size-like default, or the default."""
    n = name.lower()
    if isinstance(default, bool) or default is None:
        return default
    if isinstance(default, int):
        if re.search(r"(depth|layers|num_blocks|n_blocks)$", n) and default > 2:
            return 2
        if re.search(r"(heads|nhead|num_head|n_head)$", n) and default > 4:
            return 2
        if re.search(r"(num_tokens|vocab_size|n_vocab|num_embeddings|codebook_size|num_codes)$", n) and default > 64:
            return 64
        if re.search(r"(max_seq_len|max_len|max_position_embeddings|n_positions|context_length|block_size)$", n) \
                and default > 64:
            return 64
        if n in ("dim_head", "head_dim", "d_head") and default > 16:
            return 16
        if n in ("image_size", "img_size", "resolution") and default > IMAGE:
            return IMAGE
        if (any(w in n for w in SIZE_WORDS) or n in ("num_features", "hidden_size")) and default > 64:
            return 32
        if re.search(r"(num_classes|n_classes|out_features|num_outputs)$", n) and default > 16:
            return 8
        return default
    if isinstance(default, (tuple, list)) and default and all(isinstance(v, int) and not isinstance(v, bool)
                                                              for v in default):
        if re.search(r"(depths|layers|num_blocks|layers_per_block|depth)$", n):
            return type(default)(min(v, 1) if v else v for v in default)
        if any(w in n for w in SIZE_WORDS + ("sizes",)) and min(default) >= 64:
            f = min(default) // 32
            return type(default)(max(8, v // f) for v in default)
    return default


def init_params(cls):
    try:
        sig = inspect.signature(cls.__init__)
    except (TypeError, ValueError):
        return None
    params = [p for p in list(sig.parameters.values())[1:]
              if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    return params


def configs(cls):
    """Up to 4 distinct kwargs dicts to try, most plain first."""
    params = init_params(cls)
    if params is None:
        return []
    out = []
    for variant in range(4):
        kw = {}
        try:
            for p in params:
                if p.default is inspect.Parameter.empty:
                    kw[p.name] = required_value(p.name, p.annotation, variant)
                elif re.search(r"pretrained|pretrain$|^load_weights$|^download", p.name) and p.default:
                    kw[p.name] = False  # never fetch weights
                elif variant >= 1:
                    s = shrunk_default(p.name, p.default)
                    if s is not p.default and s != p.default:
                        kw[p.name] = s
                    if variant == 3 and re.search(r"(spatial_dims|^dims)$", p.name) and p.default == 3:
                        kw[p.name] = 2
        except KeyError:
            continue
        if kw not in out:
            out.append(kw)
    return out


def count_params(cls, kw):
    import torch

    try:
        with limit(TRY_TIMEOUT_S), warnings.catch_warnings(), torch.device("meta"):
            warnings.simplefilter("ignore")
            m = cls(**kw)
        return sum(p.numel() for p in m.parameters())
    except BaseException as e:  # noqa: BLE001
        if isinstance(e, KeyboardInterrupt):
            raise
        return None


# --- inputs ----------------------------------------------------------------------------
TIME_NAMES = re.compile(r"^(t|ts|time|times|timestep|timesteps|time_step|noise_level|sigma|sigmas|step|"
                        r"noise_labels|c_noise|time_cond|t_emb)$")
EDGE_NAMES = re.compile(r"^(edge_index|edges|edge_idx|adj_t|adj)$")
MASK_NAMES = re.compile(r"(^|_)mask$")
CONTEXT_NAMES = re.compile(r"^(context|encoder_hidden_states|cond|condition|encoder_out|memory|y_cond|text_embeds|"
                           r"class_labels|labels|y)$")
TOKEN_NAMES = re.compile(r"^(input_ids|ids|tokens|token_ids|idx|text|src_tokens|indices|codes)$")


def config_ints(model, kw, words):
    """Int values of the configuration (and the model's attributes) whose
    names contain one of `words`."""
    vals = []
    for k, v in list(kw.items()) + [(k, v) for k, v in vars(model).items() if not k.startswith("_")]:
        if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 4096 and any(w in k.lower() for w in words):
            vals.append(v)
    return vals


def uniq(xs):
    out = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out


def main_shapes(model, kw):
    """[(kind, shape expression parts)] for the main inputs: kind is one of
    image, seq, tokens, feat, signal, volume, graph."""
    chans = uniq(config_ints(model, kw, ("in_channels", "in_chans", "in_ch", "input_channels", "num_channels",
                                         "channels", "in_c")) + [3])
    dims = uniq(config_ints(model, kw, ("dim", "d_model", "hidden_size", "embed", "n_embd", "width",
                                        "in_features", "features", "hidden", "size", "channels")) + [32, 16, 64])
    vocab = config_ints(model, kw, ("num_tokens", "vocab", "num_embeddings", "codebook_size"))
    three = (kw.get("spatial_dims") == 3 or getattr(model, "spatial_dims", None) == 3 or getattr(model, "dims", 2) == 3)
    cands = []
    if three:
        cands += [("volume", (BATCH, c, VOLUME, VOLUME, VOLUME)) for c in chans[:2]]
    if vocab:
        cands.append(("tokens", (BATCH, SEQ, vocab[0])))
    images = [("image", (BATCH, c, IMAGE, IMAGE)) for c in chans[:3]]
    seqs = [("seq", (BATCH, SEQ, d)) for d in dims[:3]]
    # A model configured by channels reads images first; one configured by a width, sequences.
    channel_config = (any(re.search(r"chan|^in_c", k) for k in kw)
                      or not any(re.search(r"dim|hidden|embed", k) for k in kw))
    cands += images + seqs if channel_config else seqs + images
    cands += [("feat", (BATCH, d)) for d in dims[:2]]
    cands += [("signal", (BATCH, c, SIGNAL)) for c in chans[:2]]
    cands += [("graph", (NODES, d)) for d in dims[:1]]
    cands += [("image", (BATCH, c, 64, 64)) for c in chans[:1]]
    cands += [("cl_image", (BATCH, 8, 8, d)) for d in dims[:1]]
    return uniq(cands)[:14]


def tensor_expr(kind, shape):
    if kind == "tokens":
        b, s, v = shape
        return f"torch.randint(0, {v}, ({b}, {s}))"
    return f"torch.randn({', '.join(map(str, shape))})"


def arg_roles(model):
    """[(name, role)] of the forward's required positional parameters, or None."""
    try:
        sig = inspect.signature(model.forward)
    except (TypeError, ValueError):
        return None
    roles = []
    for p in sig.parameters.values():
        if p.kind in (p.VAR_KEYWORD,):
            continue
        if p.kind == p.VAR_POSITIONAL:
            if not roles:
                roles.append(("*args", "main"))
            continue
        if p.default is not inspect.Parameter.empty or p.kind == p.KEYWORD_ONLY:
            continue
        n = p.name.lower()
        role = ("time" if TIME_NAMES.match(n) else "edge" if EDGE_NAMES.match(n) else "mask" if MASK_NAMES.search(n)
                else "context" if CONTEXT_NAMES.match(n) and roles else "tokens" if TOKEN_NAMES.match(n)
                else "main")
        roles.append((p.name, role))
    return roles if roles else None


def build_args(roles, kind, shape, model, kw):
    """[(expression, dims)] of every required argument: dims names the
    dynamic axes ("batch", "spatial", "seq") of the main inputs."""
    out = []
    for name, role in roles:
        if role == "main" or (role == "tokens" and kind == "tokens"):
            if role == "tokens" or kind == "tokens":
                expr = tensor_expr("tokens", shape)
                axes = {0: "batch", 1: "seq"}
            else:
                expr = tensor_expr(kind, shape)
                axes = {"image": {0: "batch", 2: "height", 3: "width"}, "seq": {0: "batch", 1: "seq"},
                        "feat": {0: "batch"}, "signal": {0: "batch", 2: "time"},
                        "volume": {0: "batch", 2: "depth", 3: "height", 4: "width"},
                        "graph": {0: "nodes"}, "cl_image": {0: "batch", 1: "height", 2: "width"}}[kind]
            out.append((expr, axes))
        elif role == "tokens":
            vocab = (config_ints(model, kw, ("num_tokens", "vocab", "num_embeddings")) or [64])[0]
            out.append((f"torch.randint(0, {vocab}, ({BATCH}, {SEQ}))", {0: "batch", 1: "seq"}))
        elif role == "time":
            n = NODES if kind == "graph" else BATCH
            out.append((f"torch.rand({n})", {}))
        elif role == "edge":
            out.append((f"torch.randint(0, {NODES}, (2, {EDGES}))", {}))
        elif role == "mask":
            if kind in ("seq", "tokens"):
                out.append((f"torch.ones({BATCH}, {SEQ}, dtype=torch.bool)", {}))
            else:
                out.append((f"torch.ones({', '.join(map(str, shape[:-1] if kind == 'cl_image' else shape))}, "
                            "dtype=torch.bool)", {}))
        elif role == "context":
            d = (config_ints(model, kw, ("cross_attention_dim", "context_dim", "dim_context", "cond_dim",
                                         "encoder_hid_dim", "text_dim")) or [shape[-1] if kind == "seq" else 32])[0]
            out.append((f"torch.randn({BATCH}, 8, {d})", {0: "batch"}))
    return out


def run_eager(model, exprs):
    import torch

    ns = {"torch": torch}
    args = tuple(eval(e, ns) for e in exprs)  # noqa: S307 - our own expressions
    with limit(TRY_TIMEOUT_S), torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = model(*args)
    return out


def outputs_ok(out):
    """The output holds at least one tensor (what export can return)."""
    import torch

    if isinstance(out, torch.Tensor):
        return True
    if isinstance(out, (tuple, list)):
        return any(outputs_ok(o) for o in out)
    if isinstance(out, dict):
        return any(outputs_ok(o) for o in out.values())
    return hasattr(out, "__dataclass_fields__") and any(outputs_ok(getattr(out, f)) for f in out.__dataclass_fields__)


def resize(expr, axes, batch, size_for):
    """The expression with dim 0 set to `batch` and each other dynamic axis
    to size_for(old size) (the sizes are the literal ints of a randn/randint shape)."""
    m = (re.match(r"(torch\.randint\(0, \d+, \()(.*)(\)\))$", expr)
         or re.match(r"(torch\.\w+\()(.*)(\))$", expr))
    dims = [int(x) for x in m.group(2).split(", ")]
    new = [batch if i == 0 and axes.get(0) == "batch" else size_for(d) if i in axes and i else d
           for i, d in enumerate(dims)]
    return f"{m.group(1)}{', '.join(map(str, new))}{m.group(3)}"


def dynamic_plan(model, args):
    """The axes to make dynamic, checked in eager torch at other sizes:
    {arg index: {axis: name}}, or {} when even the batch is not free."""
    dyn = {i: ax for i, (_, ax) in enumerate(args) if ax and "nodes" not in ax.values()}
    graph = {i: ax for i, (_, ax) in enumerate(args) if ax and "nodes" in ax.values()}
    if graph or not dyn:
        return {}
    exprs = [e for e, _ in args]

    def runs(batch, size_for, keep_spatial):
        new = list(exprs)
        for i, ax in dyn.items():
            use = ax if keep_spatial else {0: ax[0]} if 0 in ax else {}
            new[i] = resize(exprs[i], use, batch, size_for)
        try:
            run_eager(model, new)
            return True
        except BaseException as e:  # noqa: BLE001
            if isinstance(e, KeyboardInterrupt):
                raise
            return False

    for size_for in (lambda d: d * 2, lambda d: d + d // 2):
        if any(len(ax) > 1 for ax in dyn.values()) and runs(3, size_for, True) and runs(3, lambda d: d, True):
            return dyn
    if runs(3, lambda d: d, False):
        return {i: {0: ax[0]} for i, ax in dyn.items() if 0 in ax}
    return {}


# --- writing ---------------------------------------------------------------------------------
def fmt_kwargs(kw):
    return ", ".join(f"{k}={v!r}" for k, v in kw.items())


def render(lib, cls, kw, names, exprs, plan, named, note):
    imp = import_path(cls)
    lines = [f'"""{lib}: {cls.__name__} ({cls.__module__}), {note}, eval mode.'
             + (" Dynamic " + ", ".join(sorted({a for ax in plan.values() for a in ax.values()})) + "." if plan else "")
             + '"""', "import torch"]
    if plan:
        lines.append("from torch.export import Dim")
    lines.append(f"from {imp} import {cls.__name__}")
    lines += ["", f"model = {cls.__name__}({fmt_kwargs(kw)}).eval()",
              f"example_args = ({', '.join(exprs)},)"]
    if plan:
        spec = []
        for i, name in enumerate(names):
            ax = plan.get(i)
            if not ax:
                spec.append(f'"{name}": None')
                continue
            if named:
                axes = ", ".join(f'{a}: Dim("{n}")' for a, n in sorted(ax.items()))
            else:
                axes = ", ".join(f"{a}: Dim.AUTO" for a in sorted(ax))
            spec.append(f'"{name}": {{{axes}}}')
        if "*args" in names:
            tup = ", ".join(("{" + ", ".join(f'{a}: Dim("{n}")' if named else f"{a}: Dim.AUTO"
                                             for a, n in sorted(plan[i].items())) + "}") if plan.get(i) else "None"
                            for i in range(len(names)))
            lines.append(f"dynamic_shapes = ({tup},)")
        else:
            lines.append(f"dynamic_shapes = {{{', '.join(spec)}}}")
    return "\n".join(lines) + "\n"


def write_case(path, text, stale):
    """Writes a case file unless it already holds `text` (so that an
    unchanged case keeps its date and `regen_truth.sh --resume` its truth);
    the path is no longer stale."""
    stale.discard(path)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def case_name(lib, cls, taken):
    base = re.sub(r"\W", "_", f"{lib}_{cls.__name__}")
    if base not in taken:
        return base
    tail = cls.__module__.split(".")[-1]
    name = re.sub(r"\W", "_", f"{lib}_{tail}_{cls.__name__}")
    n = 2
    while name in taken:
        name = re.sub(r"\W", "_", f"{lib}_{tail}_{cls.__name__}_{n}")
        n += 1
    return name


MISSING = re.compile(r"missing \d+ required (?:positional |keyword-only )?arguments?: (.*)")


def build(cls, kw):
    """cls(**kw); where it complains of a missing argument (one that
    **kwargs passes on) or names one in quotes, that one is filled by name and
    the build retried (kw gains it), up to 3 times."""
    import torch

    for _ in range(4):
        try:
            torch.manual_seed(0)
            with limit(TRY_TIMEOUT_S), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return cls(**kw)
        except (TypeError, AssertionError, ValueError, KeyError) as e:
            msg = str(e)
            m = MISSING.search(msg)
            names = re.findall(r"'(\w+)'", m.group(1)) if m else re.findall(r"[`'\"](\w+)[`'\"]", msg)
            added = False
            for name in names:
                if name in kw:
                    continue
                try:
                    kw[name] = required_value(name, None, 0)
                    added = True
                except KeyError:
                    pass
            if not added:
                raise
    return cls(**kw)


def try_class(cls, want_dynamic):
    """(kwargs, arg names, [(expr, axes)], plan, note) of the first configuration
    and inputs that run, or raises RuntimeError with the reasons."""
    import torch

    why = []
    for ci, kw in enumerate(configs(cls)):
        n = count_params(cls, kw)
        if n is not None and n > MAX_PARAMS:
            why.append(f"config {ci}: {n} parameters")
            continue
        try:
            model = build(cls, kw)
            if n is None and sum(p.numel() for p in model.parameters()) > MAX_PARAMS:
                why.append(f"config {ci}: too many parameters")
                continue
            if sum(1 for _ in model.modules()) > MAX_MODULES:
                why.append(f"config {ci}: more than {MAX_MODULES} modules")
                continue
            model.eval()
        except BaseException as e:  # noqa: BLE001
            if isinstance(e, KeyboardInterrupt):
                raise
            why.append(f"config {ci}: build: {type(e).__name__}: {str(e)[:100]}")
            continue
        roles = arg_roles(model)
        if roles is None:
            why.append("forward takes no required argument")
            break
        for kind, shape in main_shapes(model, kw):
            args = build_args(roles, kind, shape, model, kw)
            if len(args) != len(roles):
                continue
            try:
                torch.manual_seed(0)
                out = run_eager(model, [e for e, _ in args])
            except BaseException as e:  # noqa: BLE001
                if isinstance(e, KeyboardInterrupt):
                    raise
                why.append(f"config {ci} {kind}{shape}: {type(e).__name__}: {str(e)[:80]}")
                continue
            if not outputs_ok(out):
                why.append(f"config {ci}: output {type(out).__name__} holds no tensor")
                break
            plan = dynamic_plan(model, args) if want_dynamic else {}
            note = "defaults" if not kw else "small configuration"
            return kw, [n for n, _ in roles], args, plan, note
    raise RuntimeError("; ".join(why[-3:]) or "no configuration")


def generate_library(lib):
    """Writes tests/libs/cases/<lib>/ and returns (written, dropped)."""
    import torch

    torch.set_num_threads(1)
    warnings.simplefilter("ignore")
    out = CASES / lib
    out.mkdir(parents=True, exist_ok=True)
    stale = set(out.glob("*.py"))
    mods = walk_modules(lib)
    classes = module_classes(lib, mods)
    written, dropped, taken = [], [], set()
    crashed = set(json.loads(CRASHED.read_text()).get(lib, [])) if CRASHED.exists() else set()
    for modname, cls in classes[:MAX_CLASSES]:
        if len(written) >= MAX_CASES:
            break
        qualname = f"{modname}.{cls.__name__}"
        if qualname in crashed:
            dropped.append((qualname, "crashed the process in an earlier try"))
            continue
        TRYING.write_text(qualname)  # what killed the process, if something does
        want_dynamic = len(written) % DYNAMIC_EVERY == 0
        try:
            kw, names, args, plan, note = try_class(cls, want_dynamic)
            named = (len(written) // DYNAMIC_EVERY) % 2 == 0
            text = render(lib, cls, kw, names, [e for e, _ in args], plan, named, note)
            ns = {"__name__": "gen_check"}
            with limit(TRY_TIMEOUT_S * 2), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                torch.manual_seed(0)
                exec(compile(text, "<case>", "exec"), ns)  # noqa: S102 - the text we just wrote
                with torch.no_grad():
                    ns["model"](*ns["example_args"])
        except BaseException as e:  # noqa: BLE001
            if isinstance(e, KeyboardInterrupt):
                raise
            dropped.append((f"{modname}.{cls.__name__}", f"{type(e).__name__}: {str(e)[:300]}"))
            continue
        name = case_name(lib, cls, taken)
        taken.add(name)
        write_case(out / f"{name}.py", text, stale)
        written.append(name)
        print(f"{lib}: {name}{' dynamic' if plan else ''}", flush=True)
    for path in stale:
        path.unlink()
    if not written:
        out.rmdir()  # a library without a case has no group
    return written, dropped, len(classes)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("libraries", nargs="*")
    ap.add_argument("--one", action="store_true", help="(internal) generate one library in this process")
    a = ap.parse_args(argv)
    libs = a.libraries or list(LIBRARIES)
    unknown = [lib for lib in libs if lib not in LIBRARIES]
    if unknown:
        sys.exit(f"unknown librar(y/ies) {unknown}; known: {', '.join(LIBRARIES)}")
    if a.one:
        written, dropped, nclasses = generate_library(libs[0])
        summary = {"library": libs[0], "classes": nclasses, "written": len(written), "dropped": dropped}
        GEN_LOG.mkdir(parents=True, exist_ok=True)
        (GEN_LOG / f"{libs[0]}.json").write_text(json.dumps(summary, indent=1))
        print(f"{libs[0]}: {nclasses} classes, wrote {len(written)} cases, dropped {len(dropped)}", flush=True)
        TRYING.write_text("")
        return 0
    # Nothing may be fetched: a class that tries is dropped, quickly.
    env = dict(os.environ, PYTHONWARNINGS="ignore", OMP_NUM_THREADS="1", HF_HUB_OFFLINE="1",
               TRANSFORMERS_OFFLINE="1", TORCH_HOME=str(GEN_LOG / "torch-home"), no_proxy="*",
               http_proxy="http://127.0.0.1:9", https_proxy="http://127.0.0.1:9")
    failed = []
    GEN_LOG.mkdir(parents=True, exist_ok=True)
    for lib in libs:
        for attempt in range(4):
            TRYING.write_text("")
            p = subprocess.Popen([sys.executable, __file__, "--one", lib], env=env)
            try:
                rc = p.wait(timeout=LIB_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
                rc = "timeout"
            culprit = TRYING.read_text().strip()
            if rc == 0 or not culprit or attempt == 3:
                break
            # A class crashed (or hung) the process: record it, so that it is
            # skipped from now on, and search the library again.
            crashes = json.loads(CRASHED.read_text()) if CRASHED.exists() else {}
            crashes[lib] = sorted(set(crashes.get(lib, [])) | {culprit})
            CRASHED.write_text(json.dumps(crashes, indent=1, sort_keys=True) + "\n")
            print(f"gen_ecosystem: {lib}: {culprit} ended the process ({rc}); trying again without it", flush=True)
        if rc != 0:
            failed.append(f"{lib} ({rc})")
    if failed:
        print("gen_ecosystem: failed: " + ", ".join(failed), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
