#!/usr/bin/env python3
"""Parser fidelity sweep: every .py file of installed packages and of
CPython's standard library that CPython's ast.parse accepts must parse
without a syntax error in exportlens.

    scripts/parser-fidelity.py                         # torch, torchvision, timm, transformers, numpy + stdlib
    scripts/parser-fidelity.py --python /work/torchvenv/bin/python --python python3.13
    scripts/parser-fidelity.py --package torch --no-stdlib
    scripts/parser-fidelity.py --python /work/torchvenv/bin/python --package sympy --no-stdlib

Before the sweep, the edge inputs (generated here: operator chains of up
to 100,000 operands, every line-ending style, indentation CPython rejects
with TabError and indentation it accepts) are checked both ways against
the first interpreter: exportlens must accept what its ast.parse accepts,
and reject what it rejects, the first error on CPython's line.

For each interpreter given, the packages are looked up in its
site-packages and its own standard library is added. The parse runs in the
release build of `server/syntax/examples/parse_sweep.rs` (built here);
each file it flags is then given to that interpreter's ast.parse, and the
files CPython accepts are listed with the line of the first error: those
are false syntax errors. Exit status 1 when there is one.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PACKAGES = ["torch", "torchvision", "timm", "transformers", "numpy"]
DEFAULT_PYTHON = "/work/torchvenv/bin/python"

# Run by the interpreter under test: reads paths, prints those ast.parse accepts.
ACCEPTS = r"""
import ast, sys, warnings
warnings.simplefilter("ignore")
for line in sys.stdin:
    path = line.rstrip("\n")
    try:
        with open(path, "rb") as f:
            ast.parse(f.read(), path)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        continue
    print(path, flush=True)
"""

# Run by the interpreter under test: one JSON verdict per path read. The
# grammar's verdict: CPython's own recursion limit (3 x sys.getrecursionlimit()
# levels of AST, a `+` chain of ~3,000 terms in 3.11) is lifted, on a thread
# with a stack large enough for the deepest input.
VERDICTS = r"""
import ast, json, sys, threading, warnings
warnings.simplefilter("ignore")
sys.setrecursionlimit(10**6)
threading.stack_size(512 * 1024 * 1024)

def main():
    for line in sys.stdin:
        path = line.rstrip("\n")
        with open(path, "rb") as f:
            source = f.read()
        try:
            ast.parse(source, path)
            verdict = {"path": path, "ok": True}
        except SyntaxError as e:
            verdict = {"path": path, "ok": False, "line": e.lineno, "error": type(e).__name__ + ": " + e.msg}
        except (ValueError, RecursionError, MemoryError) as e:
            verdict = {"path": path, "ok": False, "line": None, "error": type(e).__name__}
        print(json.dumps(verdict), flush=True)

thread = threading.Thread(target=main)
thread.start()
thread.join()
"""

LOCATE = r"""
import json, sys, sysconfig
from importlib.util import find_spec
out = {"version": sys.version.split()[0], "stdlib": sysconfig.get_paths()["stdlib"], "packages": {}}
for name in sys.argv[1:]:
    try:
        spec = find_spec(name)
    except Exception:
        spec = None
    if spec is not None and spec.submodule_search_locations:
        out["packages"][name] = list(spec.submodule_search_locations)[0]
print(json.dumps(out))
"""


def build_sweeper():
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "syntax", "--example", "parse_sweep"],
        cwd=ROOT,
        check=True,
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "examples" / "parse_sweep"


MODEL = (
    "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n"
    "        if x.sum() > 0:\n            return x\n        return -x\n\n\n"
    "model = M()\nexample_args = (torch.randn(4, 3),)\n"
)


def edge_inputs():
    """(name, bytes) of the edge inputs: valid Python that parsers get
    wrong (long operator chains, line endings) and CPython's TabError."""
    cases = []
    ops = ["+", "-", "*", "@", "/", "//", "%", "<<", ">>", "|", "^", "&", "and", "or", "<", "==", "is not"]
    for n in (201, 5_000, 100_000):
        for i, op in enumerate(ops):
            cases.append((f"chain_{n}_{i}", f"x = {f' {op} '.join(f't{k % 97}' for k in range(n))}\n"))
        mixed = " + ".join(f"a{k} * b{k}" if k % 3 else f"c{k} & d{k} ^ e{k}" for k in range(n // 3))
        cases.append((f"chain_{n}_mixed", f"x = -{mixed}\n"))
        cases.append((f"chain_{n}_forward", MODEL.replace("return -x", "return " + " + ".join(["x"] * n))))
    cases.append(("nested_150_parentheses_of_a_chain", "x = " + "(" * 150 + " + ".join(["1"] * 300) + ")" * 150 + "\n"))
    for name, ending in (("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")):
        cases.append((f"endings_{name}", MODEL.replace("\n", ending)))
    endings = ["\n", "\r\n", "\r"]
    lines = MODEL.split("\n")
    cases.append(("endings_mixed", "".join(line + endings[i % 3] for i, line in enumerate(lines))))
    cases.append(("endings_cr_strings", "s = '''a\rb'''\rx = 1  # c\ry = 2\r"))
    head = MODEL.split("    def forward")[0]
    tab_body = "    def forward(self, x):\n\tif x.sum() > 0:\n\t    return x\n        return -x\n"
    cases.append(("taberror_forward", head + tab_body + "\n\nmodel = M()\n"))
    cases.append(("taberror_forward_cr", (head + tab_body).replace("\n", "\r")))
    cases.append(("taberror_dedent", "if x:\n\tif y:\n\t    a\n        b\n"))
    cases.append(("taberror_indent", "def f():\n    pass\n\tx = 1\n"))
    cases.append(("tabs_consistent", "if x:\n\ta\n\tif y:\n\t\tb\n\t# c\n  \t  # d\n\tc = (1,\n  \t2)\n"))
    cases.append(("tabs_after_spaces", "if x:\n  \ta\n"))
    return [(name, text.encode()) for name, text in cases]


def check_edge_inputs(sweeper, python):
    """Runs exportlens and `python`'s ast.parse on the edge inputs; the
    disagreements, as printable lines."""
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name, data in edge_inputs():
            path = os.path.join(folder, name + ".py")
            with open(path, "wb") as f:
                f.write(data)
            paths[path] = name
        run = subprocess.run([str(sweeper), folder], capture_output=True, text=True, check=True)
        flagged = {}
        for line in run.stdout.splitlines():
            entry = json.loads(line)
            if "path" in entry:
                flagged[entry["path"]] = entry["errors"]
        verdicts = subprocess.run([python, "-c", VERDICTS], input="".join(p + "\n" for p in paths), capture_output=True, text=True, check=True).stdout
        problems = []
        for verdict in map(json.loads, verdicts.splitlines()):
            name, errors = paths[verdict["path"]], flagged.get(verdict["path"])
            if verdict["ok"] and errors:
                first = errors[0]
                problems.append(f"  FALSE ERROR {name}: {first['line']}:{first['col']}: {first['message']}")
            elif not verdict["ok"] and not errors:
                problems.append(f"  MISSED ERROR {name}: CPython: line {verdict['line']}: {verdict['error']}")
            elif not verdict["ok"] and verdict["line"] is not None and errors[0]["line"] != verdict["line"]:
                first = errors[0]
                problems.append(f"  WRONG LINE {name}: {first['line']}: {first['message']}; CPython: line {verdict['line']}: {verdict['error']}")
        print(f"edge inputs: {len(paths)} checked against {python}'s ast.parse, {len(problems)} disagreements")
        for problem in problems:
            print(problem)
        return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", action="append", help="interpreter whose packages and stdlib to sweep (repeatable)")
    parser.add_argument("--package", action="append", help="package to sweep (repeatable; default: %s)" % ", ".join(DEFAULT_PACKAGES))
    parser.add_argument("--no-stdlib", action="store_true", help="leave out the interpreter's standard library")
    parser.add_argument("--path", action="append", default=[], help="an extra folder or file to sweep (with the first interpreter's ast.parse)")
    args = parser.parse_args()
    pythons = args.python or [DEFAULT_PYTHON]
    packages = args.package or DEFAULT_PACKAGES
    sweeper = build_sweeper()
    edge_problems = check_edge_inputs(sweeper, pythons[0])

    total_files = total_bytes = 0
    total_parse = 0.0
    false_errors = []
    for index, python in enumerate(pythons):
        located = json.loads(subprocess.run([python, "-c", LOCATE, *packages], capture_output=True, text=True, check=True).stdout)
        roots = [located["packages"][name] for name in packages if name in located["packages"]]
        missing = [name for name in packages if name not in located["packages"]]
        if not args.no_stdlib:
            roots.append(located["stdlib"])
        if index == 0:
            roots.extend(args.path)
        started = time.monotonic()
        run = subprocess.run([str(sweeper), *roots], capture_output=True, text=True, check=True)
        wall = time.monotonic() - started
        lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
        summary = lines.pop()["summary"]
        flagged = {entry["path"]: entry["errors"] for entry in lines}
        accepted = subprocess.run([python, "-c", ACCEPTS], input="".join(p + "\n" for p in flagged), capture_output=True, text=True, check=True).stdout.split("\n")
        accepted = [p for p in accepted if p]
        print(f"Python {located['version']} ({python}): {summary['files']} files, {summary['bytes'] / 1e6:.1f} MB, parsed in {summary['parse_seconds']:.2f} s ({wall:.2f} s with reading); {summary['flagged']} with a syntax error, {len(accepted)} of them accepted by ast.parse")
        if missing:
            print(f"  not installed there: {', '.join(missing)}")
        for path in accepted:
            first = flagged[path][0]
            print(f"  FALSE ERROR {path}:{first['line']}:{first['col']}: {first['message']}\n      {first['text'].strip()}")
            false_errors.append(path)
        total_files += summary["files"]
        total_bytes += summary["bytes"]
        total_parse += summary["parse_seconds"]
    print(f"total: {total_files} files, {total_bytes / 1e6:.1f} MB, parse {total_parse:.2f} s, {len(false_errors)} false syntax errors, {len(edge_problems)} edge-input disagreements")
    return 1 if false_errors or edge_problems else 0


if __name__ == "__main__":
    sys.exit(main())
