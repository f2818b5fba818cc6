"""The differential yardstick (tests/difftest/): cases generated from torch's
own test databases (OpInfo samples, ModuleInfo inputs), random programs, and
hand-written ones (PyTorch's export tests, graph-break kinds), with ground truth from torch
2.15 (tests/difftest/SOURCE/truth.jsonl, from regen_truth.py).

Each source's ratchet (tests/difftest/SOURCE/ratchet.json) lists the
case-modes that agree with torch; none may regress. Per-source rates are
printed in the terminal summary, the disagreements by
`.venv-test/bin/python tests/difftest/score.py --list`.
"""
import pytest

import difftest_score as difftest
import scoring

# Generated sources must keep at least this many cases (a generator that
# silently writes nothing would otherwise pass). random: 2,000 programs, each
# a static and a dynamic case.
MIN_CASES = {"opinfo": 3000, "modules": 900, "random": 4000}


def test_every_case_has_current_truth_from_torch():
    groups, expected, problems = difftest.find_cases(difftest.SOURCES)
    assert not problems, "\n".join(problems)
    for source, least in MIN_CASES.items():
        assert len(groups.get(source, ())) >= least, f"{source}: {len(groups.get(source, ()))} cases"
    for name, truth in expected.items():
        assert truth["case"] == name
        assert truth["torch"] == "2.15.0", f"{name}: truth from torch {truth['torch']}"
        assert set(truth["runs"]) == set(scoring.MODES), f"{name}: runs {sorted(truth['runs'])}"


def test_every_case_is_reported_and_scored(difftest_scoring):
    """`export --json` exits 0 with a report on every case; both modes scored."""
    errors = [f"{name}: {err}" for name, err in sorted(difftest_scoring.tool_errors.items())]
    assert not errors, "\n".join(errors[:30])
    want = sorted(scoring.key(c, m) for c in difftest_scoring.cases for m in scoring.MODES)
    assert sorted(difftest_scoring.rows) == want


@pytest.mark.parametrize("source", difftest.SOURCES)
def test_ratchet_file_is_canonical(source):
    groups, _, _ = difftest.find_cases([source])
    ratchet = scoring.load_ratchet(difftest.ratchet_path(source))
    problems = scoring.ratchet_problems(ratchet, list(groups.get(source, ())))
    assert not problems, f"tests/difftest/{source}/ratchet.json: " + "\n".join(problems)


@pytest.mark.parametrize("source", difftest.SOURCES)
def test_ratchet_holds(difftest_scoring, source):
    ratchet = scoring.load_ratchet(difftest.ratchet_path(source))
    agreeing = set(difftest.agreeing(difftest_scoring))
    lost = [f"{e}: {difftest.libscore.reason(difftest_scoring, e)}" for e in ratchet if e not in agreeing]
    assert not lost, f"{len(lost)} case-modes of {source} regressed:\n" + "\n".join(lost[:40])
