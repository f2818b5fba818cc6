#!/usr/bin/env python3
"""Differential cases from torch's OpInfo database (issue 13, source "opinfo").

Run with a torch venv (it imports torch and its test-only op_db):

    /work/torchvenv/bin/python tests/difftest/gen_opinfo.py [--per-op N] [--lib-per-op M]

Every OpInfo of `op_db` whose callable can be named from the torch namespace
(`torch.add`, `torch.nn.functional.conv2d`, `torch.special.i0e`, or the
Tensor method `x.add(...)`) gives up to N sample inputs (M for the ops that
appear in the exported graphs of the library yardstick, LIB_OPS below), in
float32 where the op supports it (else int64, else bool). Each sample
becomes a case in the ExportDB layout: a module whose forward calls the op
with every tensor of the sample as an input and every other argument as a
literal; twice, with static shapes ("NAME_s") and with dim 0 and the last
dim of every input marked `Dim.AUTO` ("NAME_d"). Samples whose arguments
cannot be written as literals are counted, not kept.

Writes tests/difftest/opinfo/cases.jsonl ({"case", "op", "lib_op", "source"}) and
tests/difftest/skipped/opinfo.json (why each op gave no case); then
tests/difftest/regen_truth.py runs ../shared/tools/oracle.py on them.
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
from torch.testing._internal.common_methods_invocations import op_db

HERE = Path(__file__).resolve().parent
OUT = HERE / "opinfo" / "cases.jsonl"
SKIPPED = HERE / "skipped" / "opinfo.json"

DTYPES = (torch.float32, torch.int64, torch.bool)
# OpInfo namespaces whose ops record other ATen ops than their last name says
# (`masked.sum` is not `aten.sum`).
LIBRARY_NAMESPACES = ("masked.", "signal.", "sparse.", "_refs.")


def lib_ops_from_truth():
    """The ATen ops recorded in the torch.export graphs of the library
    yardstick (tests/libs/truth/*.jsonl, both modes), by their ATen name
    (`add`, `conv2d`), which is the last part of an OpInfo name."""
    names = set()
    for path in sorted((HERE.parent / "libs" / "truth").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            for run in json.loads(line)["expected"]["runs"].values():
                for node in run.get("nodes", []) if run.get("ok") else []:
                    t = node.get("target", "")
                    if t.startswith("aten."):
                        names.add(t.split(".")[1].rstrip("_"))
    return names


def callable_spelling(op):
    """How a module's forward names the op: ("fn", "torch.x.y") or
    ("method", "name"); None when it has no public spelling."""
    target = op.op
    obj, path = torch, "torch"
    for part in op.name.split("."):
        obj = getattr(obj, part, None)
        path += "." + part
        if obj is None:
            break
    if obj is not None and obj is target:
        return ("fn", path)
    name = getattr(target, "__name__", "")
    if name and name != "<lambda>":
        for ns, ns_path in ((torch, "torch"), (torch.nn.functional, "torch.nn.functional"),
                            (torch.linalg, "torch.linalg"), (torch.special, "torch.special"),
                            (torch.fft, "torch.fft")):
            if getattr(ns, name, None) is target:
                return ("fn", f"{ns_path}.{name}")
    if op.method_variant is not None and op.variant_test_name == "":
        return ("method", op.name.split(".")[-1])
    return None


def case_source(op, spelling, sample, dynamic):
    w = Writer()
    inp = sample.input
    if isinstance(inp, (list, tuple)) and all(isinstance(x, torch.Tensor) for x in inp):
        first = "[" + ", ".join(w.tensor(x) for x in inp) + "]"
    else:
        first = w.literal(inp)
    args = [w.literal(a) for a in sample.args]
    kwargs = [f"{k}={w.literal(v)}" for k, v in sample.kwargs.items()]
    if not w.params and dynamic:
        raise Unwritable("no tensor input to make dynamic")
    kind, name = spelling
    if kind == "fn":
        call = f"{name}({', '.join([first, *args, *kwargs])})"
    else:
        if not isinstance(inp, torch.Tensor):
            raise Unwritable("method on a non-tensor")
        call = f"{first}.{name}({', '.join([*args, *kwargs])})"
    lines = [
        f'"""OpInfo {op.name}{"." + op.variant_test_name if op.variant_test_name else ""}, '
        f'{"dim 0 and the last dim Dim.AUTO" if dynamic else "static shapes"}."""',
        "import torch",
    ]
    if dynamic:
        lines.append("from torch.export import Dim")
    lines += [
        "",
        "",
        "class Op(torch.nn.Module):",
        f"    def forward({', '.join(['self', *w.params])}):",
        f"        return {call}",
        "",
        "",
        *case_footer("Op()", w, dynamic),
    ]
    return "\n".join(lines) + "\n"


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-op", type=int, default=2)
    ap.add_argument("--lib-per-op", type=int, default=6)
    opts = ap.parse_args(argv)
    lib_ops = lib_ops_from_truth()
    rows, seen, skipped, why = [], Counter(), {}, Counter()
    for op in op_db:
        full = op.name + ("." + op.variant_test_name if op.variant_test_name else "")
        twin = seen[slug(full)]
        seen[slug(full)] += 1
        spelling = callable_spelling(op)
        if spelling is None:
            skipped[full] = "no public spelling"
            continue
        supported = op.supported_dtypes("cpu")
        dtype = next((d for d in DTYPES if d in supported), None)
        if dtype is None:
            skipped[full] = "no float32, int64 or bool support"
            continue
        limit = opts.lib_per_op if op.name.split(".")[-1] in lib_ops else opts.per_op
        kept = 0
        torch.manual_seed(0)
        random.seed(0)  # some sample generators draw options from Python's random
        try:
            samples = op.sample_inputs("cpu", dtype, requires_grad=False)
            for i, sample in enumerate(samples):
                if kept >= limit:
                    break
                # A second OpInfo whose name slugs alike (`rsub`, `__rsub__`) numbers its cases apart.
                base = f"op_{slug(full)}_{i}" if not twin else f"op_{slug(full)}_v{twin}_{i}"
                try:
                    static = case_source(op, spelling, sample, False)
                except Unwritable as e:
                    why[str(e)] += 1
                    continue
                lib_op = op.name.split(".")[-1] in lib_ops and not op.name.startswith(LIBRARY_NAMESPACES)
                rows.append({"case": f"{base}_s", "op": full, "lib_op": lib_op, "source": static})
                try:
                    rows.append({"case": f"{base}_d", "op": full, "lib_op": lib_op,
                                 "source": case_source(op, spelling, sample, True)})
                except Unwritable as e:
                    why[str(e)] += 1
                kept += 1
        except Exception as e:  # noqa: BLE001 - a broken sample generator skips the op
            skipped[full] = f"sample_inputs raised {type(e).__name__}"
            continue
        if kept == 0:
            skipped.setdefault(full, "no writable sample")
    write_jsonl(OUT, rows)
    SKIPPED.parent.mkdir(parents=True, exist_ok=True)
    SKIPPED.write_text(json.dumps({"ops": dict(sorted(skipped.items())), "samples": dict(why.most_common())},
                                  indent=1, sort_keys=True) + "\n")
    ops = {r["op"] for r in rows}
    print(f"{len(rows)} cases from {len(ops)} ops ({len(skipped)} ops skipped); "
          f"unwritable samples: {dict(why.most_common(8))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
