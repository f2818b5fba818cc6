"""The library yardstick (tests/libs/): exportlens on torchvision, timm,
pure-Python model packages, Hugging Face transformers models and the
ecosystem's libraries (one group each, found by gen_ecosystem.py)
installed in .venv-libs (no torch), scored against torch 2.15's own
exports (tests/libs/truth/, from regen_truth.sh).

Each case-mode in tests/libs/ratchet.json must keep passing every check;
the per-group table (and the transformers group's per-family one) is
printed in the terminal summary, the failure list by
`.venv-test/bin/python tests/libs/score.py`.
"""
import json
import re
import subprocess

import pytest

import score as libs
import scoring

RATCHET = scoring.load_ratchet(libs.RATCHET)
PROGRAM_RATCHET = [(check, entry) for check, entries in scoring.load_program_ratchet(libs.PROGRAM_RATCHET).items()
                   for entry in entries]
MIN_CASES = {"torchvision": 80, "timm": 30, "repos": 15, "transformers": 50, "transformers_auto": 150}
# The ecosystem (one group per library, tests/libs/gen_ecosystem.py): how wide it must stay.
MIN_LIBRARIES, MIN_ECOSYSTEM_CASE_MODES = 25, 1500
LIBRARY_FIGURES = json.loads(libs.LIBRARY_RATCHET.read_text()) if libs.LIBRARY_RATCHET.exists() else {}


def test_libs_venv_is_prepared():
    site = sorted(libs.VENV.glob("lib/python*/site-packages"))
    assert site, f"{libs.VENV} is missing: run `bash tests/libs/prepare.sh` (scripts/test.sh runs it)"
    for pkg in ("torchvision", "timm", "vit_pytorch", "einops", "transformers", "tokenizers"):
        assert (site[0] / pkg).is_dir(), f"{pkg} is not installed in {libs.VENV}: rerun tests/libs/prepare.sh"
    assert not (site[0] / "torch").exists(), f"torch must not be installed in {libs.VENV}"


def test_every_case_has_truth_from_torch():
    groups, problems = libs.find_cases()
    assert not problems, "\n".join(problems)
    assert set(MIN_CASES) == set(libs.NOT_ECOSYSTEM), f"MIN_CASES {sorted(MIN_CASES)} != {libs.NOT_ECOSYSTEM}"
    for group in libs.GROUPS:
        least = MIN_CASES.get(group, 1)
        assert len(groups[group]) >= least, f"{group}: {len(groups[group])} cases, want at least {least}"
        for name, (_, expected) in groups[group].items():
            assert expected["case"] == name
            assert expected["torch"] == "2.15.0", f"{name}: truth from torch {expected['torch']}"
            assert set(expected["runs"]) == set(scoring.MODES), f"{name}: runs {sorted(expected['runs'])}"


def test_the_ecosystem_is_wide():
    """At least MIN_LIBRARIES libraries beyond torchvision, timm and
    transformers, with MIN_ECOSYSTEM_CASE_MODES case-modes of stored truth."""
    groups, _ = libs.find_cases()
    eco = {g: cases for g, cases in groups.items() if g in libs.ECOSYSTEM}
    assert len(eco) >= MIN_LIBRARIES, f"{len(eco)} ecosystem libraries: {sorted(eco)}"
    case_modes = sum(len(cases) for cases in eco.values()) * len(scoring.MODES)
    assert case_modes >= MIN_ECOSYSTEM_CASE_MODES, f"{case_modes} ecosystem case-modes"
    assert sorted(LIBRARY_FIGURES) == sorted(eco), "tests/libs/ratchet_libraries.json lists other libraries " \
        "than tests/libs/cases/ has: rerun score.py --update-ratchet"


@pytest.mark.parametrize("library", sorted(LIBRARY_FIGURES))
def test_library_figures_hold(libs_scoring, library):
    """Per library of the ecosystem, no fewer verdicts agree and case-modes
    pass, and no more false failures ("fails" where torch exports) or
    incompletes, than tests/libs/ratchet_libraries.json records."""
    now = libs.library_figures(libs_scoring, libs_scoring.group_rows(library))
    was = LIBRARY_FIGURES[library]
    assert now["case_modes"] == was["case_modes"], f"{library}: {now['case_modes']} case-modes, recorded {was}"
    assert now["verdict"][0] >= was["verdict"][0], f"{library}: verdict agrees {now['verdict']}, recorded {was}"
    assert now["pass"] >= was["pass"], f"{library}: {now['pass']} pass, recorded {was}"
    assert now["false_failures"] <= was["false_failures"], f"{library}: {now['false_failures']} false failures, " \
        f"recorded {was} ({[libs.reason(libs_scoring, k) for k in libs.false_failures(libs_scoring, library)][:5]})"
    assert now["incomplete"] <= was["incomplete"], f"{library}: {now['incomplete']} incomplete, recorded {was}"


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
# Groups whose reused library state still changes some exports (a tool bug
# the generated groups found, 2026-12-02): the count may only fall.
REUSE_DIFFERENCES = json.loads((libs.HERE / "ratchet_reuse.json").read_text())


@pytest.mark.parametrize("group", sorted(libs.GROUPS))
def test_reused_library_state_exports_what_a_fresh_trace_does(group):
    """Every case of the group exported twice in one process, each trace
    starting from the library state the earlier ones kept, gives the same
    report as a fresh export (`timing consistency`), but for at most the
    number of exports tests/libs/ratchet_reuse.json records for the group."""
    assert TIMING.is_file(), f"{TIMING} is missing: cargo build --release -p bench --example timing"
    cases = sorted(str(p) for p in (libs.ROOT / "tests" / "libs" / "cases" / group).glob("*.py"))
    assert len(cases) >= MIN_CASES.get(group, 1)
    run = subprocess.run(
        [str(TIMING), "consistency", str(libs.VENV), *cases],
        capture_output=True, text=True, timeout=900,
    )
    summary = re.search(r"^(\d+) files, (\d+) differing exports$", run.stdout, re.M)
    assert summary, run.stdout[-4000:] + run.stderr[-2000:]
    assert int(summary.group(1)) == len(cases)
    allowed = REUSE_DIFFERENCES.get(group, 0)
    assert int(summary.group(2)) <= allowed, run.stdout[-4000:] + run.stderr[-2000:]
    assert run.returncode == (0 if int(summary.group(2)) == 0 else 1), run.stderr[-2000:]


@pytest.mark.parametrize("check,entry", PROGRAM_RATCHET)
def test_program_ratchet_holds(libs_scoring, check, entry):
    """Where the exported program's arguments (`args`) or its printout
    (`print`) agreed with torch's on library code, they keep agreeing."""
    row = libs_scoring.rows.get(entry)
    assert row is not None, f"{entry} was not scored"
    assert row["checks"].get(check), f"{entry}: `{check}` regressed ({json.dumps(row['checks'])})"
