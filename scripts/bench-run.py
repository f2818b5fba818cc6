#!/usr/bin/env python3
"""Benchmark of `exportlens run` (the runtime crate) against eager PyTorch.
Every figure and ratio is measured in this run.

  1. Graph execution: `exportlens run --json --repeat R CASE` reports the
     median time of executing the exported graph (values already made);
     eager PyTorch times `model(*args)` under no_grad on the same values
     (scripts/bench_run_torch.py), median of R after 3 warm-ups, with the
     same thread count (RAYON_NUM_THREADS for exportlens,
     torch.set_num_threads for torch). Target: within 3x.
  2. First output of a whole process: `exportlens run` on a small MLP vs
     `python bench_run_torch.py once` (import torch, build, run, print).
     Target: exportlens >= 50x sooner.
  3. Memory: server/bench/examples/run_memory.rs traces each case, then
     runs it in process and reports the growth of the peak resident set
     during the run (values and graph) against the live tensor bytes the
     run reports. Target: <= 2x.

usage: scripts/bench-run.py [--threads N] [--repeat R] [--process-runs N]
                            [--markdown FILE]
Needs a release build (built here) and, for the torch columns, a torch venv
($TORCH_PYTHON, default /work/torchvenv/bin/python).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.environ.get("EXPORTLENS_CORPUS", os.path.join(os.path.dirname(ROOT), "shared", "corpus"))
BIN = os.path.join(ROOT, "target", "release", "exportlens")
TORCH_SIDE = os.path.join(ROOT, "scripts", "bench_run_torch.py")
MLP = os.path.join(ROOT, "server", "bench", "models", "small_mlp.py")
CASES = ["conv_relu_maxpool", "dynamic_batch_branches"]
T_GRAPH_RATIO, T_START_RATIO, T_MEMORY_RATIO = 3.0, 50.0, 2.0


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def case_path(name):
    for d in sorted(os.listdir(CORPUS)):
        p = os.path.join(CORPUS, d, name + ".py")
        if os.path.exists(p):
            return p
    raise SystemExit(f"corpus case {name} not found under {CORPUS}")


def env_threads(n):
    e = dict(os.environ)
    e["RAYON_NUM_THREADS"] = str(n)
    return e


def exportlens_graph_ms(path, threads, repeat):
    out = subprocess.run([BIN, "run", "--json", "--repeat", str(repeat), path],
                         capture_output=True, text=True, env=env_threads(threads), check=True).stdout
    entry = json.loads(out)["entries"][0]
    return entry["timing"]["graph_ms"], entry["live_peak_bytes"]


def run_memory(paths):
    exe = os.path.join(ROOT, "target", "release", "examples", "run_memory")
    out = subprocess.run([exe] + paths, capture_output=True, text=True, check=True).stdout
    return {json.loads(l)["file"]: json.loads(l) for l in out.splitlines() if l.strip()}


def wall(cmd, runs, env=None):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--process-runs", type=int, default=10)
    ap.add_argument("--markdown")
    a = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-p", "cli"], cwd=ROOT, check=True)
    subprocess.run(["cargo", "build", "--release", "-p", "bench", "--example", "run_memory"], cwd=ROOT, check=True)
    torch_py = os.environ.get("TORCH_PYTHON", "/work/torchvenv/bin/python")
    have_torch = os.path.exists(torch_py)
    if not have_torch:
        log(f"no torch venv at {torch_py}: torch columns are skipped")
    rows, ok = [], True
    lines = [f"threads: {a.threads}; medians of {a.repeat} runs", "",
             "| case | exportlens graph | torch eager | ratio | live tensors | peak RSS growth | growth / live |",
             "|---|---|---|---|---|---|---|"]
    memory = run_memory([case_path(n) for n in CASES])
    for name in CASES:
        path = case_path(name)
        ms, live = exportlens_graph_ms(path, a.threads, a.repeat)
        growth_kb = memory[path]["rss_peak_growth_bytes"] / 1024
        mem_ratio = memory[path]["ratio"]
        torch_ms = ratio = None
        if have_torch:
            r = subprocess.run([torch_py, TORCH_SIDE, "eager", path, str(a.threads), str(a.repeat)],
                               capture_output=True, text=True, check=True)
            torch_ms = json.loads(r.stdout.strip().splitlines()[-1])["median_ms"]
            ratio = ms / torch_ms
            ok &= ratio <= T_GRAPH_RATIO
        ok &= mem_ratio <= T_MEMORY_RATIO
        lines.append(f"| {name} | {ms:.2f} ms | {'-' if torch_ms is None else f'{torch_ms:.2f} ms'} | "
                     f"{'-' if ratio is None else f'{ratio:.2f}x'} | {live / 2**20:.1f} MiB | "
                     f"{growth_kb / 1024:.1f} MiB | {mem_ratio:.2f}x |")
    ours = wall([BIN, "run", MLP], a.process_runs)
    lines += ["", f"small MLP, whole process to first output: exportlens run {ours * 1e3:.1f} ms"]
    if have_torch:
        theirs = wall([torch_py, TORCH_SIDE, "once", MLP], max(3, a.process_runs // 3))
        start_ratio = theirs / ours
        ok &= start_ratio >= T_START_RATIO
        lines[-1] += f", python + import torch {theirs * 1e3:.0f} ms: {start_ratio:.0f}x sooner"
    lines += ["", f"targets: graph <= {T_GRAPH_RATIO:.0f}x torch eager, first output >= {T_START_RATIO:.0f}x sooner, "
              f"RSS growth <= {T_MEMORY_RATIO:.0f}x live tensors: {'met' if ok else 'MISSED'}"]
    text = "\n".join(lines)
    print(text)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(text + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
