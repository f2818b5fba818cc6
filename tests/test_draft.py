"""`torch.export.draft_export(...)` entries against real torch
(tests/draft/cases/*.expected.json, written by tests/draft/make_expected.py
from torch 2.15): the verdict (draft export always produces a program
here), the program's ops with its runtime assertions (exportlens decides
on the example inputs' values as draft export does; only values drawn at
random are out of reach), and the report's issues (kind and line, in
torch's order). `check` reports the issues as warnings
and exits 0."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / "target" / "release" / "exportlens"
CASES = sorted((ROOT / "tests" / "draft" / "cases").glob("*.py"))
# The comment of a case whose decisions torch takes on random values
# (`torch.randn` inputs, initialized weights): exportlens cannot know them.
RANDOM_VALUES = "# draft: decided on random values"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_draft_export_agrees_with_torch(case: Path):
    expected = json.loads(case.with_suffix(".expected.json").read_text())
    out = run("export", "--json", str(case))
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    (entry,) = doc["entries"]
    got = entry["runs"]["nonstrict"]  # draft_export's default (strict=False)
    assert got["ok"] is expected["ok"], got
    issues = [{"kind": i["kind"], "line": i["line"]} for i in got["draft_report"]]
    assert issues == expected["failures"], got
    if got.get("program_known", True):
        assert [n["target"] for n in got["nodes"]] == expected["nodes"], got
    else:
        # Only where torch decided on values drawn at random (the case
        # says so): the report still lists the issues.
        assert RANDOM_VALUES in case.read_text(), got
        assert not expected["successful"]

    check = run("check", "--output-format", "json", str(case))
    assert check.returncode == 0, check.stdout + check.stderr
    diags = json.loads(check.stdout)["diagnostics"]
    warned = [(d["line"], d["message"].split(":")[0]) for d in diags if d["code"] == "draft-export"]
    assert warned == [(f["line"], f["kind"]) for f in expected["failures"]], diags
    assert all(d["severity"] == "warning" for d in diags if d["code"] == "draft-export")
    assert not [d for d in diags if d["severity"] == "error"], diags
