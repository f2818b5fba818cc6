"""Writes cases/NAME.expected.json from real torch: what
`torch.export.draft_export` returns for each case (the `ep` its module
binds): whether it produced a program, the program's call_function
targets, and its report's failures (kind and user line in the case file).

Run with torch installed: `python tests/draft/make_expected.py`."""
from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import torch

CASES = Path(__file__).resolve().parent / "cases"


def user_line(stack, case: Path):
    # The last frame of the user stack is the user's line (draft export
    # records file names by index; the case file's frame is the last).
    return stack[-1]["line"] if stack else None


def expected(case: Path) -> dict:
    g = runpy.run_path(str(case))
    ep = g["ep"]
    nodes = []
    for n in ep.graph.nodes:
        if n.op == "call_function":
            t = n.target
            if hasattr(t, "_schema"):
                name = f"aten.{t._schema.name.split('::')[1]}.{t._overloadname}"
            else:
                # A Python function (`operator.gt` on symbolic values),
                # named as the shared oracle names it.
                name = f"{getattr(t, '__module__', '')}.{t.__name__}"
            nodes.append(name)
    failures = [
        {"kind": str(f.failure_type), "line": user_line(f.data.get("user_stack", []), case)}
        for f in ep._report.failures
    ]
    return {
        "case": case.stem,
        "torch": torch.__version__.split("+")[0],
        "ok": True,
        "successful": ep._report.successful(),
        "nodes": nodes,
        "failures": failures,
    }


def main() -> None:
    for case in sorted(CASES.glob("*.py")):
        out = case.with_suffix(".expected.json")
        out.write_text(json.dumps(expected(case), indent=2) + "\n")
        print("wrote", out, file=sys.stderr)


if __name__ == "__main__":
    main()
