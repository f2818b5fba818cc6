"""`exportlens check --output-format sarif` validates against the official
SARIF 2.1.0 JSON schema (vendored beside this file), on the bundled
examples (a failure with torch's suggested fixes, a data-dependent branch
in both modes, guards, a clean model) and on a file with a syntax error
and a file without an entry point (results without a region)."""
import json
import os
import subprocess
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parent.parent.parent
BIN = Path(os.environ.get("EXPORTLENS_BIN", ROOT / "target" / "release" / "exportlens"))
SCHEMA = json.loads((Path(__file__).parent / "sarif-schema-2.1.0.json").read_text())


def sarif(*args, cwd=ROOT):
    res = subprocess.run([str(BIN), "check", "--output-format", "sarif", *map(str, args)],
                         capture_output=True, text=True, timeout=120, cwd=cwd)
    assert res.returncode in (0, 1), res.stderr
    return json.loads(res.stdout)


def validate(doc):
    validator_class = jsonschema.validators.validator_for(SCHEMA)
    validator_class.check_schema(SCHEMA)
    errors = sorted(validator_class(SCHEMA).iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


def test_the_examples_validate_with_a_rule_per_code():
    doc = sarif("--both", "examples/")
    validate(doc)
    run = doc["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert ids == sorted(set(ids))
    assert {"GB0170", "constraint-violation", "data-dependent", "guard"} <= set(ids)
    gb = next(r for r in run["tool"]["driver"]["rules"] if r["id"] == "GB0170")
    assert gb["helpUri"].endswith("/gb0170.html")
    assert "torch.cond" in gb["help"]["text"]
    for result in run["results"]:
        assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == result["ruleId"]


def test_syntax_errors_and_files_without_entries_validate(tmp_path):
    (tmp_path / "bad.py").write_text("import torch.nn as nn\n\nclass A(nn.Module)\n    def f(self): ...\n")
    (tmp_path / "helpers.py").write_text("def f():\n    return 'ünïcode'\n")
    doc = sarif(".", cwd=tmp_path)
    validate(doc)
    results = doc["runs"][0]["results"]
    syntax = next(r for r in results if r["ruleId"] == "syntax")
    region = syntax["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (3, 19)
    assert syntax["message"]["text"] == "expected `:`"
    no_entry = [r for r in results if r["ruleId"] == "no-entry"]
    assert no_entry and all("region" not in r["locations"][0]["physicalLocation"] for r in no_entry)
