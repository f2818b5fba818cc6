"""Model files analysed as files without entry points, checked against torch.

Runs `exportlens modules --json` over every model file of an installed
library (default: torchvision's `models/`), counts the modules analysed and
the diagnostics the editor would show for them (the rules of
`export::modules::shown_failure`, which the CLI reports as each run's
`shown`, and the `Eq` guards as shape requirements), then checks a
deterministic sample of them with real torch.export on the same inputs
(every dim not written as a literal `Dim.AUTO`, as exportlens assumed):

- a failure: torch fails in that mode, in the same category;
- a requirement `x.size(i) == c`: torch specializes that dim to c.

Run with the Python that has torch (and the library):

    /work/torchvenv/bin/python tests/modules_survey/survey.py [--sample 30] \
        [--package timm.models] [--files N] [--bin PATH]

It writes tests/modules_survey/<library>.jsonl (one line per sampled
diagnostic with torch's answer) and prints the figures docs/editors.md quotes.
"""
from __future__ import annotations

import argparse
import importlib
import json
import random
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BIN = ROOT / "target" / "release" / "exportlens"


def library_files(package: str) -> list[Path]:
    mod = importlib.import_module(package)
    folder = Path(mod.__file__).parent
    return sorted(p for p in folder.rglob("*.py") if p.name != "__init__.py" and "_" != p.name[0])


def analyse(files: list[Path], binary: Path) -> list[dict]:
    out = []
    for f in files:
        r = subprocess.run(
            [str(binary), "--python", sys.prefix, "modules", "--json", str(f)],
            capture_output=True,
            text=True,
            timeout=600,
        )
        if r.returncode != 0:
            print(f"exportlens failed on {f}: {r.stderr[-300:]}", file=sys.stderr)
            continue
        out.extend(json.loads(r.stdout))
    return out


def diagnostics(module: dict) -> list[dict]:
    """The diagnostics the editor shows for one analysed module."""
    found = []
    for mode, run in module["runs"].items():
        if run.get("shown"):
            cat = run["error_category"]
            found.append({"kind": "failure", "mode": mode, "category": cat, "gb_code": run.get("gb_code"), "line": run.get("line")})
        for req in run.get("requirements", []):
            found.append({"kind": "requirement", "mode": mode, "text": req["text"], "line": req["line"]})
    return found


VERIFY = r'''
import importlib.util, json, sys, traceback
import torch
from torch.export import Dim
spec = json.loads(sys.argv[1])
sys.path.insert(0, spec["folder"])
mod = importlib.import_module(spec["module"])
maker = getattr(mod, spec["maker"])
model = maker().eval()
args, dyn = [], {}
for a in spec["inputs"]:
    dtype = getattr(torch, a["dtype"])
    shape = a["shape"]
    t = torch.randn(*shape).to(dtype) if dtype.is_floating_point else torch.randint(0, 2, shape, dtype=dtype)
    args.append(t)
    dyn[a["name"]] = {i: Dim.AUTO for i in a["free"]}
out = {}
try:
    ep = torch.export.export(model, tuple(args), dynamic_shapes=dyn, strict=spec["strict"])
    shapes = {}
    for node in ep.graph.nodes:
        if node.op == "placeholder" and node.name in dyn:
            shapes[node.name] = [str(d) for d in node.meta["val"].shape]
    out = {"ok": True, "shapes": shapes}
except Exception as e:
    text = f"{type(e).__name__}: {e}"
    cat = "other"
    if "GuardOnDataDependent" in text or "data-dependent" in text.lower() or "data dependent" in text.lower():
        cat = "data_dependent"
    if type(e).__name__ in ("Unsupported", "UserError") and spec["strict"] and "GB" in text:
        cat = "graph_break"
    m = __import__("re").search(r"GB\d{4}", text)
    out = {"ok": False, "category": cat, "gb_code": m[0] if m else None, "message": text[:400]}
print("RESULT " + json.dumps(out))
'''


def import_name(path: Path) -> tuple[str, str]:
    """(folder, dotted module) for importing `path` from sys.path."""
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists():
        parts.insert(0, folder.name)
        folder = folder.parent
    return str(folder), ".".join(parts)


def verify(module: dict, mode: str) -> dict:
    folder, dotted = import_name(Path(module["file"]))
    inputs = []
    for a in module["assumed"]:
        shape = a["shape"] or []
        # Literal sizes of the annotation stay static; exportlens made every
        # other dim Dim.AUTO.
        fixed = a.get("fixed") or [False] * len(shape)
        free = [i for i, f in enumerate(fixed) if not f]
        inputs.append({"name": a["name"], "dtype": a["dtype"], "shape": shape, "free": free})
    spec = {
        "folder": folder,
        "module": dotted,
        "maker": module["class"],
        "inputs": inputs,
        "strict": mode == "strict",
    }
    r = subprocess.run([sys.executable, "-c", VERIFY, json.dumps(spec)], capture_output=True, text=True, timeout=900)
    for line in r.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    return {"ok": None, "message": (r.stderr or r.stdout)[-400:]}


def size_of(text: str, shapes: dict) -> str | None:
    """`x.size(2)` -> torch's size of that dim (`"48"`, `"s37"`); a number
    as itself."""
    m = re.fullmatch(r"(\w+)\.size\((\d+)\)", text.strip())
    if m is None:
        return text.strip() if re.fullmatch(r"-?\d+", text.strip()) else None
    shape = shapes.get(m[1])
    return None if shape is None else shape[int(m[2])]


def agrees(diag: dict, torch: dict) -> bool:
    """A failure: torch fails in that mode, in the same category. A
    requirement `a == b`: in torch's exported program both sides are the
    same size (a number, or one symbol)."""
    if diag["kind"] == "failure":
        return torch.get("ok") is False and torch.get("category") == diag["category"]
    if torch.get("ok") is not True:
        return False
    lhs, rhs = diag["text"].split(" == ")
    shapes = torch.get("shapes") or {}
    a, b = size_of(lhs, shapes), size_of(rhs, shapes)
    return a is not None and a == b


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--package", default="torchvision.models")
    ap.add_argument("--sample", type=int, default=30)
    ap.add_argument("--seed", type=int, default=20261127)
    ap.add_argument("--files", type=int, default=0, help="analyse a deterministic sample of this many files (0: all)")
    ap.add_argument("--bin", type=Path, default=BIN)
    args = ap.parse_args()
    files = library_files(args.package)
    if args.files:
        files = sorted(random.Random(args.seed).sample(files, min(args.files, len(files))))
    modules = analyse(files, args.bin)
    traced = [m for m in modules if m["runs"]]
    covered = [m for m in modules if m["covered_by"]]
    all_diags = [(m, d) for m in traced for d in diagnostics(m)]
    verdicts = {}
    for m in traced:
        for mode, run in m["runs"].items():
            key = "exports" if run.get("ok") else ("no verdict" if run.get("ok") is None else "fails")
            verdicts[key] = verdicts.get(key, 0) + 1
    print(f"{args.package}: {len(files)} files, {len(modules)} modules and builders found, "
          f"{len(traced)} traced, {len(covered)} covered by a parent's trace")
    print(f"  runs: {verdicts}")
    kinds = {}
    for _, d in all_diags:
        k = d["kind"] if d["kind"] == "requirement" else f"{d['category']} ({d['mode']})"
        kinds[k] = kinds.get(k, 0) + 1
    print(f"  diagnostics: {len(all_diags)} {kinds}")
    rng = random.Random(args.seed)
    sample = rng.sample(all_diags, min(args.sample, len(all_diags)))
    # Failures are rarer than requirements: keep every one of them.
    sample += [x for x in all_diags if x[1]["kind"] == "failure" and x not in sample]
    right = 0
    unbuilt = 0
    lines = []
    answers: dict = {}
    for m, d in sample:
        key = (m["file"], m["class"], d["mode"])
        if key not in answers:
            answers[key] = verify(m, d["mode"])
        t = answers[key]
        ok = agrees(d, t)
        right += ok
        # torch could not even build the model here (a builder that
        # downloads weights, offline): not a check of the diagnostic.
        unbuilt += t.get("ok") is None
        lines.append({"file": str(Path(m["file"]).relative_to(Path(m["file"]).parents[2])), "maker": m["class"], "diagnostic": d, "torch": t, "agrees": ok})
        print(f"  {'ok ' if ok else 'BAD'} {m['class']} {d} -> {({k: v for k, v in t.items() if k != 'shapes'})}")
    name = args.package.split(".")[0]
    with open(HERE / f"{name}.jsonl", "w") as f:
        for line in lines:
            f.write(json.dumps(line) + "\n")
    print(f"  checked with torch: {right}/{len(sample) - unbuilt} agree ({unbuilt} more where torch could not build the model offline)")


if __name__ == "__main__":
    main()
