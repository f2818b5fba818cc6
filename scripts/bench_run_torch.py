"""Torch side of scripts/bench-run.py (runs under a torch venv).

usage: bench_run_torch.py eager MODEL.py THREADS RUNS
         time the model's forward in eager PyTorch (no_grad) on the values of
         report-schema.md ("Numeric outputs"), median of RUNS after 3 warm-ups;
         prints {"median_ms": ..., "sum": ...}
       bench_run_torch.py once MODEL.py
         import torch, build the model, run it once and print the output sum
         (the whole process is what is timed)
"""
import json
import math
import runpy
import sys
import time

import torch


def deterministic(t, k):
    n = t.numel()
    vals = [math.sin(0.01 * (i + 1) + k) for i in range(n)]
    return torch.tensor(vals, dtype=torch.float64).reshape(t.shape).to(t.dtype)


def load(path):
    g = runpy.run_path(path)
    model = g["model"].eval()
    args = list(g.get("example_args", ()))
    kwargs = dict(g.get("example_kwargs", {}))
    k = 0
    with torch.no_grad():
        for _, p in model.named_parameters():
            p.copy_(deterministic(p, k))
            k += 1
        # Every tensor input takes a k; floating ones take the values.
        for i, a in enumerate(args):
            if isinstance(a, torch.Tensor):
                if a.is_floating_point():
                    args[i] = deterministic(a, k)
                k += 1
        for name, a in kwargs.items():
            if isinstance(a, torch.Tensor):
                if a.is_floating_point():
                    kwargs[name] = deterministic(a, k)
                k += 1
    return model, args, kwargs


def total(out):
    if isinstance(out, torch.Tensor):
        return float(out.double().sum())
    return sum(total(o) for o in out)


def main():
    mode, path = sys.argv[1], sys.argv[2]
    if mode == "once":
        model, args, kwargs = load(path)
        with torch.no_grad():
            print(total(model(*args, **kwargs)))
        return
    threads, runs = int(sys.argv[3]), int(sys.argv[4])
    torch.set_num_threads(threads)
    model, args, kwargs = load(path)
    times = []
    with torch.no_grad():
        for _ in range(3):
            out = model(*args, **kwargs)
        for _ in range(runs):
            t = time.perf_counter()
            out = model(*args, **kwargs)
            times.append(time.perf_counter() - t)
    times.sort()
    print(json.dumps({"median_ms": times[len(times) // 2] * 1e3, "sum": total(out)}))


if __name__ == "__main__":
    main()
