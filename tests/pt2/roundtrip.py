"""Run by torch's python for tests/test_pt2.py, over a JSON list of
`{"case": CASE.py, "state": STATE.pt, "out": OUT.pt2}` (one torch import for
all): `save JOBS.json` imports each case file and saves its model's state
dict; `check JOBS.json` loads each archive with torch.export.load, runs
`ep.module()` on the case's example inputs and compares with the eager model
(1e-4, same output structure). Prints one JSON line per job:
{"case": ..., "ok": bool, "why": str}."""
import copy
import importlib.util
import json
import sys
import traceback

import torch
import torch.utils._pytree as pytree


def load_case(path, k):
    name = f"pt2_case_{k}"
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def inputs(mod):
    args = getattr(mod, "example_args", ())
    kwargs = getattr(mod, "example_kwargs", None) or {}
    return args, kwargs


def same(a, b):
    fa, sa = pytree.tree_flatten(a)
    fb, sb = pytree.tree_flatten(b)
    if sa != sb:
        return f"output structure differs: eager {sa}, loaded {sb}"
    for i, (x, y) in enumerate(zip(fa, fb)):
        if isinstance(x, torch.Tensor) != isinstance(y, torch.Tensor):
            return f"output {i}: eager {type(x).__name__}, loaded {type(y).__name__}"
        if isinstance(x, torch.Tensor):
            if x.shape != y.shape or x.dtype != y.dtype:
                return f"output {i}: eager {x.dtype}{list(x.shape)}, loaded {y.dtype}{list(y.shape)}"
            if x.is_floating_point() or x.is_complex():
                if not torch.allclose(x, y, rtol=1e-4, atol=1e-4, equal_nan=True):
                    return f"output {i}: values differ (max abs diff {(x - y).abs().max().item():.3g})"
            elif not torch.equal(x, y):
                return f"output {i}: values differ"
        elif x != y:
            return f"output {i}: eager {x!r}, loaded {y!r}"
    return None


def save(job, k):
    torch.manual_seed(0)
    mod = load_case(job["case"], k)
    sd = mod.model.state_dict()
    torch.save(sd, job["state"])
    return {"ok": True, "why": "", "empty": len(sd) == 0}


def check(job, k):
    torch.manual_seed(0)
    mod = load_case(job["case"], k)
    model = mod.model
    try:
        ep = torch.export.load(job["out"])
    except Exception as e:
        return {"ok": False, "why": f"load: {type(e).__name__}: {first_line(e)}",
                "trace": traceback.format_exc()[-2000:]}
    args, kwargs = inputs(mod)
    # Each run on its own copy of the inputs (a model may mutate them), from
    # the same random state (dropout in training mode).
    fresh = lambda: copy.deepcopy((args, kwargs))
    try:
        a, kw = fresh()
        torch.manual_seed(0)
        with torch.no_grad():
            expected = model(*a, **kw)
    except Exception as e:
        return {"ok": False, "why": f"eager: {type(e).__name__}: {first_line(e)}"}
    try:
        a, kw = fresh()
        torch.manual_seed(0)
        with torch.no_grad():
            got = ep.module()(*a, **kw)
    except Exception as e:
        return {"ok": False, "why": f"run: {type(e).__name__}: {first_line(e)}",
                "trace": traceback.format_exc()[-2000:]}
    why = same(expected, got)
    return {"ok": why is None, "why": why or ""}


def first_line(e):
    text = str(e).strip()
    return text.splitlines()[0] if text else ""


def main():
    cmd, jobs = sys.argv[1], json.loads(open(sys.argv[2]).read())
    step = save if cmd == "save" else check
    for k, job in enumerate(jobs):
        try:
            r = step(job, k)
        except BaseException as e:  # a case's own code may fail or exit
            r = {"ok": False, "why": f"{cmd}: {type(e).__name__}: {first_line(e)}"}
        r["case"] = job["case"]
        print(json.dumps(r), flush=True)


if __name__ == "__main__":
    main()
