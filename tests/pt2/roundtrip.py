"""Run by torch's python for tests/test_pt2.py: `save CASE.py STATE.pt`
imports a case file and saves its model's state dict; `check CASE.py
OUT.pt2` loads the archive with torch.export.load, runs `ep.module()` on the
case's example inputs and compares with the eager model (1e-4, same output
structure). Prints one JSON line: {"ok": bool, "why": str}."""
import importlib.util
import json
import sys
import traceback

import torch
import torch.utils._pytree as pytree


def load_case(path):
    spec = importlib.util.spec_from_file_location("pt2_case", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["pt2_case"] = mod
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


def main():
    cmd, case, path = sys.argv[1:4]
    torch.manual_seed(0)
    mod = load_case(case)
    model = mod.model
    if cmd == "save":
        torch.save(model.state_dict(), path)
        print(json.dumps({"ok": True, "why": ""}))
        return
    try:
        ep = torch.export.load(path)
    except Exception as e:
        print(json.dumps({"ok": False, "why": f"load: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}",
                          "trace": traceback.format_exc()[-2000:]}))
        return
    args, kwargs = inputs(mod)
    try:
        with torch.no_grad():
            expected = model(*args, **kwargs)
    except Exception as e:
        print(json.dumps({"ok": False, "why": f"eager: {type(e).__name__}: {e}"}))
        return
    try:
        with torch.no_grad():
            got = ep.module()(*args, **kwargs)
    except Exception as e:
        print(json.dumps({"ok": False, "why": f"run: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}",
                          "trace": traceback.format_exc()[-2000:]}))
        return
    why = same(expected, got)
    print(json.dumps({"ok": why is None, "why": why or ""}))


if __name__ == "__main__":
    main()
