#!/usr/bin/env python3
"""Parser fidelity sweep: every .py file of installed packages and of
CPython's standard library that CPython's ast.parse accepts must parse
without a syntax error in exportlens.

    scripts/parser-fidelity.py                         # torch, torchvision, timm, transformers, numpy + stdlib
    scripts/parser-fidelity.py --python /work/torchvenv/bin/python --python python3.13
    scripts/parser-fidelity.py --package torch --no-stdlib

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
    print(f"total: {total_files} files, {total_bytes / 1e6:.1f} MB, parse {total_parse:.2f} s, {len(false_errors)} false syntax errors")
    return 1 if false_errors else 0


if __name__ == "__main__":
    sys.exit(main())
