"""Corpus fidelity ratchet.

Every case of ../shared/corpus/*/ and tests/corpus/cases/ goes through
`exportlens export --json` and ../shared/tools/compare.py. Each case-mode
listed in tests/corpus/ratchet.json must keep passing; newly passing ones are
reported in the summary (raise them with scripts/update-ratchet.sh).
"""
import json

import pytest

import scoring

RATCHET = scoring.load_ratchet()
PROGRAM_RATCHET = [(check, entry) for check, entries in scoring.load_program_ratchet().items()
                   for entry in entries]


def test_compare_is_semantic():
    # compare.py silently falls back to comparing text without sympy.
    import sympy  # noqa: F401


def test_corpus_is_complete():
    cases, problems = scoring.find_cases()
    assert not problems, "\n".join(problems)
    assert len(cases) >= 100, f"only {len(cases)} cases found under {scoring.CORPUS}"


def test_cli_reports_every_case(corpus_scoring):
    """`export --json` exits 0 with a report document on every case."""
    errors = [f"{name}: {err}" for name, err in sorted(corpus_scoring.tool_errors.items())]
    assert not errors, "\n".join(errors)


def test_every_case_is_scored_in_both_modes(corpus_scoring):
    expected = {scoring.key(c, m) for c in corpus_scoring.cases for m in scoring.MODES}
    assert set(corpus_scoring.rows) == expected


def test_ratchet_file_is_canonical():
    assert RATCHET, "tests/corpus/ratchet.json must be a non-empty list"
    cases, _ = scoring.find_cases()
    problems = scoring.ratchet_problems(RATCHET, cases)
    assert not problems, "tests/corpus/ratchet.json: " + "\n".join(problems)


@pytest.mark.parametrize("entry", RATCHET)
def test_ratchet_holds(corpus_scoring, entry):
    row = corpus_scoring.rows.get(entry)
    assert row is not None, f"{entry} was not scored"
    case = entry.split(" ")[0]
    if case in corpus_scoring.tool_errors:
        pytest.fail(f"{entry}: the CLI failed: {corpus_scoring.tool_errors[case]}")
    failing = sorted(c for c, ok in row["checks"].items() if not ok)
    assert row["pass"], (
        f"{entry} regressed: failing checks {failing} "
        f"(see: python3 ../shared/tools/compare.py ... --verbose; checks {json.dumps(row['checks'])})"
    )


def test_program_ratchet_is_canonical():
    ratchet = scoring.load_program_ratchet()
    assert sorted(ratchet) == sorted(scoring.PROGRAM_CHECKS)
    cases, _ = scoring.find_cases()
    for check, entries in ratchet.items():
        problems = scoring.ratchet_problems(entries, cases)
        assert not problems, f"ratchet_program.json [{check}]: " + "\n".join(problems)


@pytest.mark.parametrize("check,entry", PROGRAM_RATCHET)
def test_program_ratchet_holds(corpus_scoring, check, entry):
    """Where the exported program's arguments (`args`) or its printout
    (`print`) agreed with torch's, they keep agreeing."""
    row = corpus_scoring.rows.get(entry)
    assert row is not None, f"{entry} was not scored"
    assert row["checks"].get(check), f"{entry}: `{check}` regressed ({json.dumps(row['checks'])})"
