"""The library yardstick (tests/libs/): exportlens on torchvision, timm,
pure-Python model packages and Hugging Face transformers models installed
in .venv-libs (no torch), scored against torch 2.15's own exports
(tests/libs/truth/, from regen_truth.sh).

Each case-mode in tests/libs/ratchet.json must keep passing every check;
the per-group table (and the transformers group's per-family one) is
printed in the terminal summary, the failure list by
`.venv-test/bin/python tests/libs/score.py`.
"""
import json
import subprocess

import pytest

import score as libs
import scoring

RATCHET = scoring.load_ratchet(libs.RATCHET)
PROGRAM_RATCHET = [(check, entry) for check, entries in scoring.load_program_ratchet(libs.PROGRAM_RATCHET).items()
                   for entry in entries]
MIN_CASES = {"torchvision": 80, "timm": 30, "repos": 15, "transformers": 50}


def test_libs_venv_is_prepared():
    site = sorted(libs.VENV.glob("lib/python*/site-packages"))
    assert site, f"{libs.VENV} is missing: run `bash tests/libs/prepare.sh` (scripts/test.sh runs it)"
    for pkg in ("torchvision", "timm", "vit_pytorch", "einops", "transformers", "tokenizers"):
        assert (site[0] / pkg).is_dir(), f"{pkg} is not installed in {libs.VENV}: rerun tests/libs/prepare.sh"
    assert not (site[0] / "torch").exists(), f"torch must not be installed in {libs.VENV}"


def test_every_case_has_truth_from_torch():
    groups, problems = libs.find_cases()
    assert not problems, "\n".join(problems)
    assert set(MIN_CASES) == set(libs.GROUPS), f"MIN_CASES {sorted(MIN_CASES)} != score.GROUPS {libs.GROUPS}"
    for group, least in MIN_CASES.items():
        assert len(groups[group]) >= least, f"{group}: {len(groups[group])} cases, want at least {least}"
        for name, (_, expected) in groups[group].items():
            assert expected["case"] == name
            assert expected["torch"] == "2.15.0", f"{name}: truth from torch {expected['torch']}"
            assert set(expected["runs"]) == set(scoring.MODES), f"{name}: runs {sorted(expected['runs'])}"


def test_every_case_is_reported_and_scored(libs_scoring):
    """`export --json --python .venv-libs` exits 0 with a report on every
    case, and both modes of each are scored."""
    errors = [f"{name}: {err}" for name, err in sorted(libs_scoring.tool_errors.items())]
    assert not errors, "\n".join(errors)
    assert sorted(libs_scoring.rows) == sorted(scoring.key(c, m) for c in libs_scoring.cases for m in scoring.MODES)


def test_ratchet_file_is_canonical():
    groups, _ = libs.find_cases()
    problems = scoring.ratchet_problems(RATCHET, [c for g in groups.values() for c in g])
    assert not problems, "tests/libs/ratchet.json: " + "\n".join(problems)


@pytest.mark.parametrize("entry", RATCHET)
def test_ratchet_holds(libs_scoring, entry):
    row = libs_scoring.rows.get(entry)
    assert row is not None, f"{entry} was not scored"
    assert row["pass"], (
        f"{entry} regressed: {libs.reason(libs_scoring, entry)}; "
        f"checks {json.dumps(row['checks'])} (details: .venv-test/bin/python tests/libs/score.py)"
    )


TIMING = libs.ROOT / "target" / "release" / "examples" / "timing"


@pytest.mark.parametrize("group", sorted(MIN_CASES))
def test_reused_library_state_exports_what_a_fresh_trace_does(group):
    """Every case of the group exported twice in one process, each trace
    starting from the library state the earlier ones kept, gives the same
    report as a fresh export (`timing consistency`)."""
    assert TIMING.is_file(), f"{TIMING} is missing: cargo build --release -p bench --example timing"
    cases = sorted(str(p) for p in (libs.ROOT / "tests" / "libs" / "cases" / group).glob("*.py"))
    assert len(cases) >= MIN_CASES[group]
    run = subprocess.run(
        [str(TIMING), "consistency", str(libs.VENV), *cases],
        capture_output=True, text=True, timeout=900,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert f"{len(cases)} files, 0 differing exports" in run.stdout


@pytest.mark.parametrize("check,entry", PROGRAM_RATCHET)
def test_program_ratchet_holds(libs_scoring, check, entry):
    """Where the exported program's arguments (`args`) or its printout
    (`print`) agreed with torch's on library code, they keep agreeing."""
    row = libs_scoring.rows.get(entry)
    assert row is not None, f"{entry} was not scored"
    assert row["checks"].get(check), f"{entry}: `{check}` regressed ({json.dumps(row['checks'])})"
