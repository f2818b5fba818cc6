#!/usr/bin/env python3
"""In-process speed of this build against a baseline build, per entry, in
one run: the shared corpus (`timing corpus`: each case's median `export
--json` pipeline, thread CPU time) and library harness cases (`timing
library`: the median check of an entry that imports installed packages,
reusing the parse cache). The two builds alternate, ROUNDS times, so that
the machine's load falls on both; each entry's figure is the median over
rounds, and the summary is the median over entries of each build and of
the per-entry ratio new/base (below 1: faster), for library entries also
over those both builds export in the same modes (the same work).

    scripts/bench-vs.py BASE_TIMING NEW_TIMING [--rounds 2] [--runs 15]
                        [--library CASE.py ...] [--python .venv-libs]
                        [--instructions]

`--instructions` adds a figure the machine's load cannot move: the
instructions each build executes per corpus pass, counted by valgrind
(callgrind) over `timing repeat` of the whole corpus run once and three
times, so that what a process does once (tables, the prelude's parse) is
left out: (count(3) - count(1)) / 2 / entries.

BASE_TIMING and NEW_TIMING are `timing` runners
(`cargo build --release -p bench --example timing` ->
target/release/examples/timing), e.g. one built in a worktree of the
baseline commit. The corpus is $EXPORTLENS_CORPUS or ../shared/corpus.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def corpus_run(timing, runs):
    env = dict(os.environ)
    env.setdefault("EXPORTLENS_CORPUS", str((ROOT / ".." / "shared" / "corpus").resolve()))
    out = subprocess.run([timing, "corpus", "--runs", str(runs)], capture_output=True, text=True,
                         env=env, check=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return {f"{r['group']}/{r['case']}": r["full_cpu_ns"] for r in rows}


def library_run(timing, case, python, runs):
    out = subprocess.run([timing, "library", case, python, "--runs", str(runs)], capture_output=True,
                         text=True, check=True).stdout
    row = json.loads(next(line for line in out.splitlines() if line.startswith("{")))
    return row["again_cpu_ns"], row["exported"]


def instructions_per_entry(timing, files):
    """Instructions one pass over `files` costs once the process is warm."""
    counts = []
    for runs in (1, 3):
        err = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", timing,
                              "repeat", *files, "--runs", str(runs)],
                             capture_output=True, text=True, check=True).stderr
        counts.append(int(next(line.split(":")[-1] for line in err.splitlines()
                               if "Collected" in line).replace(",", "").strip()))
    return (counts[1] - counts[0]) / 2 / len(files)


def summarize(label, base, new):
    names = sorted(set(base) & set(new))
    ratios = [new[n] / base[n] for n in names if base[n] > 0]
    b = statistics.median(base[n] for n in names) / 1e6
    a = statistics.median(new[n] for n in names) / 1e6
    print(f"{label}: {len(names)} entries; median per entry: base {b:.3f} ms, new {a:.3f} ms; "
          f"median per-entry ratio new/base {statistics.median(ratios):.3f} "
          f"(quartiles {statistics.quantiles(ratios, n=4)[0]:.3f}-{statistics.quantiles(ratios, n=4)[2]:.3f})"
          if len(ratios) >= 2 else f"{label}: ratio {ratios}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--library", nargs="*", default=[])
    ap.add_argument("--python", default=str(ROOT / ".venv-libs"))
    ap.add_argument("--instructions", action="store_true")
    a = ap.parse_args()
    if a.instructions:
        root = Path(os.environ.get("EXPORTLENS_CORPUS", ROOT / ".." / "shared" / "corpus"))
        files = sorted(str(f) for f in root.glob("*/*.py"))
        base, new = (instructions_per_entry(t, files) for t in (a.base, a.new))
        print(f"shared corpus (instructions per entry, callgrind, {len(files)} entries): "
              f"base {base / 1e6:.3f}M, new {new / 1e6:.3f}M, ratio new/base {new / base:.3f}")
    if a.rounds < 1:
        return
    corpus = {"base": [], "new": []}
    library = {"base": {}, "new": {}}
    exported = {"base": {}, "new": {}}
    for r in range(a.rounds):
        for label, timing in (("base", a.base), ("new", a.new)) if r % 2 == 0 else (("new", a.new), ("base", a.base)):
            corpus[label].append(corpus_run(timing, a.runs))
            for case in a.library:
                cpu, modes = library_run(timing, case, a.python, a.runs)
                library[label].setdefault(case, []).append(cpu)
                exported[label][Path(case).stem] = modes
            print(f"round {r + 1}: {label} done", file=sys.stderr)
    per_entry = {label: {n: statistics.median(run[n] for run in runs if n in run) for n in runs[0]}
                 for label, runs in corpus.items()}
    summarize("shared corpus (in process, export --json pipeline, CPU time)", per_entry["base"], per_entry["new"])
    if a.library:
        lib = {label: {Path(c).stem: statistics.median(v) for c, v in cases.items()} for label, cases in library.items()}
        summarize("library harness (in process, check --both reusing the parse cache)", lib["base"], lib["new"])
        # An entry one build exports in fewer modes than the other (it gave
        # up early, or got further) does different work: compared apart.
        same = [n for n in lib["base"] if exported["base"][n] == exported["new"][n]]
        summarize("library harness, entries both builds export in the same modes",
                  {n: lib["base"][n] for n in same}, {n: lib["new"][n] for n in same})
        for name in sorted(lib["base"]):
            print(f"  {name}: base {lib['base'][name] / 1e6:.2f} ms, new {lib['new'][name] / 1e6:.2f} ms, "
                  f"ratio {lib['new'][name] / lib['base'][name]:.3f}, modes exported "
                  f"{exported['base'][name]} -> {exported['new'][name]}")


if __name__ == "__main__":
    main()
