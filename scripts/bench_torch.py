#!/usr/bin/env python3
"""Time real torch.export.export on corpus cases (helper of scripts/bench.py).

Runs under a Python that has torch (TORCH_PYTHON). Imports torch once and
reports how long that took, then for every case, in strict and non-strict
mode: one untimed warm-up export, then RUNS timed exports, each on a freshly
loaded module (loaded as ../shared/tools/oracle.py loads it:
importlib.util.spec_from_file_location + exec_module) after
torch._dynamo.reset(); loading and the reset are outside the timed region.
A failing export is timed up to the exception (exportlens reports
failures too).

Writes one JSON object per line to stdout:
  {"import_torch_s": T, "torch": VERSION}
  {"case": NAME, "strict": RUN, "nonstrict": RUN}
  RUN = {"median_s": T, "min_s": T, "times_s": [...], "ok": bool, "error": TYPE|null}

usage: bench_torch.py [--runs N] CASE.py [CASE.py ...]
"""
import importlib.util
import json
import logging
import os
import statistics
import sys
import time
import warnings


def load(path, name, k):
    spec = importlib.util.spec_from_file_location(f"case_{name}_{k}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def export_once(torch, mod, strict):
    args = getattr(mod, "example_args", ())
    if not isinstance(args, tuple):
        args = (args,)
    kwargs = getattr(mod, "example_kwargs", None)
    ds = getattr(mod, "dynamic_shapes", None)
    t = time.perf_counter()
    err = None
    try:
        torch.export.export(mod.model, args, kwargs, dynamic_shapes=ds, strict=strict)
    except Exception as e:  # noqa: BLE001 - a failure is a result here
        err = type(e).__name__
    return time.perf_counter() - t, err


def main():
    argv = sys.argv[1:]
    runs = 3
    if argv[:1] == ["--runs"]:
        runs = max(1, int(argv[1]))
        argv = argv[2:]
    warnings.filterwarnings("ignore")
    t = time.perf_counter()
    import torch  # noqa: PLC0415 - timing the import is the point
    import torch.export  # noqa: F401,PLC0415
    import_s = time.perf_counter() - t
    logging.disable(logging.WARNING)
    print(json.dumps({"import_torch_s": import_s, "torch": torch.__version__}), flush=True)
    k = 0
    for path in argv:
        path = os.path.abspath(path)
        name = os.path.splitext(os.path.basename(path))[0]
        row = {"case": name}
        for label, strict in (("strict", True), ("nonstrict", False)):
            times, err = [], None
            try:
                for i in range(runs + 1):
                    k += 1
                    mod = load(path, name, k)
                    torch._dynamo.reset()
                    dt, err = export_once(torch, mod, strict)
                    if i > 0:
                        times.append(dt)
            except Exception as e:  # noqa: BLE001 - the module itself did not load
                row[label] = {"median_s": None, "ok": False, "error": f"load: {type(e).__name__}"}
                continue
            row[label] = {
                "median_s": statistics.median(times),
                "min_s": min(times),
                "times_s": times,
                "ok": err is None,
                "error": err,
            }
        print(json.dumps(row), flush=True)
        s, n = row["strict"], row["nonstrict"]
        fmt = lambda r: "n/a" if r["median_s"] is None else f"{r['median_s'] * 1e3:.1f} ms"  # noqa: E731
        print(f"torch  {name}: strict {fmt(s)}, non-strict {fmt(n)}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
