#!/usr/bin/env python3
"""Throughput of `exportlens check` over a whole repository tree.

Copies transformers' `models/` folder out of the libraries venv (a folder
inside an environment is skipped by the walk, as it should be), then runs
`check` over it and over the bundled examples, ROUNDS times each,
alternating, and prints the median wall time, CPU time and files/s.

Usage: scripts/bench-check-repo.py [--bin target/release/exportlens]
       [--venv .venv-libs] [--rounds 5]
Figures go in docs/cli.md ("Files"); nothing here is a pass/fail test.
"""
from __future__ import annotations

import argparse
import glob
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system, children) seconds of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "exportlens"))
    ap.add_argument("--venv", default=str(ROOT / ".venv-libs"))
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    found = glob.glob(os.path.join(args.venv, "lib", "python*", "site-packages", "transformers", "models"))
    if not found:
        print(f"no transformers in {args.venv} (tests/libs/prepare.sh installs it)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "models"
        shutil.copytree(found[0], tree, ignore=shutil.ignore_patterns("__pycache__"))
        targets = {
            "transformers/models": (tree, sum(1 for _ in tree.rglob("*.py"))),
            "examples": (ROOT / "examples", sum(1 for _ in (ROOT / "examples").rglob("*.py"))),
        }
        runs: dict[str, list[tuple[float, float]]] = {k: [] for k in targets}
        for _ in range(args.rounds):
            for name, (path, _) in targets.items():
                runs[name].append(timed([args.bin, "check", "--python", args.venv, str(path)]))
    print(f"cores: {os.cpu_count()}, load average before: {os.getloadavg()[0]:.2f}")
    for name, (_, files) in targets.items():
        wall = statistics.median(w for w, _ in runs[name])
        cpu = statistics.median(c for _, c in runs[name])
        print(f"{name:22s} {files:5d} files: median {wall:6.2f} s wall, {cpu:6.2f} s CPU, "
              f"{files / wall:7.0f} files/s (min {min(w for w, _ in runs[name]):.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
