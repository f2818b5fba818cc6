#!/usr/bin/env python3
"""Differential cases from torch's ModuleInfo database (issue 13, source "modules").

Run with a torch venv (it imports torch's test-only module_db):

    /work/torchvenv/bin/python tests/difftest/gen_modules.py [--per-module N]

Every ModuleInfo of `module_db` gives up to N of its inputs (constructor
arguments and forward arguments, float32, eval mode). Each becomes a case:
a wrapper module that builds the nn module from literal constructor
arguments in `__init__` and calls it in `forward` with every tensor of the
forward input as an input and every other argument as a literal; with
static shapes ("NAME_s") and with dim 0 and the last dim of every input
marked `Dim.AUTO` ("NAME_d").

Writes tests/difftest/modules/cases.jsonl ({"case", "op", "source"}, "op"
being the module's name) and tests/difftest/skipped/modules.json.
"""
import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

import torch
from literals import Unwritable, Writer, case_footer, pin_hash_seed, slug, write_jsonl

pin_hash_seed()
from torch.testing._internal.common_modules import module_db

HERE = Path(__file__).resolve().parent
OUT = HERE / "modules" / "cases.jsonl"
SKIPPED = HERE / "skipped" / "modules.json"


def module_spelling(info):
    """`torch.nn.Conv2d` for the class, when torch.nn exposes it by that name."""
    cls = info.module_cls
    for ns, path in ((torch.nn, "torch.nn"),):
        if getattr(ns, cls.__name__, None) is cls:
            return f"{path}.{cls.__name__}"
    return None


def case_source(info, spelling, module_input, dynamic):
    ctor = Writer(inline=True)
    ctor_args = [ctor.literal(a) for a in module_input.constructor_input.args]
    ctor_args += [f"{k}={ctor.literal(v)}" for k, v in module_input.constructor_input.kwargs.items()]
    w = Writer()
    fwd = module_input.forward_input
    args = [w.literal(a) for a in fwd.args] + [f"{k}={w.literal(v)}" for k, v in fwd.kwargs.items()]
    if not w.params:
        raise Unwritable("no tensor input")
    lines = [
        f'"""ModuleInfo {info.name}, '
        f'{"dim 0 and the last dim Dim.AUTO" if dynamic else "static shapes"}."""',
        "import torch",
    ]
    if dynamic:
        lines.append("from torch.export import Dim")
    lines += [
        "",
        "",
        "class Wrapper(torch.nn.Module):",
        "    def __init__(self):",
        "        super().__init__()",
        f"        self.m = {spelling}({', '.join(ctor_args)})",
        "",
        f"    def forward({', '.join(['self', *w.params])}):",
        f"        return self.m({', '.join(args)})",
        "",
        "",
        *case_footer("Wrapper().eval()", w, dynamic),
    ]
    if issubclass(info.module_cls, torch.nn.modules.lazy.LazyModuleMixin):
        # ModuleInfo's tests run a lazy module once before anything else: its
        # parameters take their shapes from that first call. Exporting one
        # still uninitialized fails in non-strict mode, and a strict export
        # would initialize it for the non-strict one that follows.
        lines.append("model(*example_args)")
    return "\n".join(lines) + "\n"


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-module", type=int, default=6)
    opts = ap.parse_args(argv)
    rows, skipped, why = [], {}, Counter()
    for info in module_db:
        full = info.name + ("." + info.variant_name if getattr(info, "variant_name", "") else "")
        spelling = module_spelling(info)
        if spelling is None:
            skipped[full] = "not in torch.nn"
            continue
        torch.manual_seed(0)
        random.seed(0)
        try:
            inputs = info.module_inputs_func(info, device="cpu", dtype=torch.float32,
                                             requires_grad=False, training=False)
        except Exception as e:  # noqa: BLE001 - a broken input generator skips the module
            skipped[full] = f"module_inputs_func raised {type(e).__name__}"
            continue
        kept = 0
        for i, module_input in enumerate(inputs):
            if kept >= opts.per_module:
                break
            if module_input.forward_input is None:
                why["no forward input"] += 1
                continue
            base = f"mod_{slug(full)}_{i}"
            try:
                pair = [case_source(info, spelling, module_input, d) for d in (False, True)]
            except Unwritable as e:
                why[str(e)] += 1
                continue
            for source, suffix in zip(pair, ("s", "d")):
                rows.append({"case": f"{base}_{suffix}", "op": full, "source": source})
            kept += 1
        if kept == 0:
            skipped.setdefault(full, "no writable input")
    write_jsonl(OUT, rows)
    SKIPPED.parent.mkdir(parents=True, exist_ok=True)
    SKIPPED.write_text(json.dumps({"modules": dict(sorted(skipped.items())), "inputs": dict(why.most_common())},
                                  indent=1, sort_keys=True) + "\n")
    print(f"{len(rows)} cases from {len({r['op'] for r in rows})} modules ({len(skipped)} skipped); "
          f"unwritable inputs: {dict(why.most_common(8))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
