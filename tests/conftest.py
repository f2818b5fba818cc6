"""Shared pytest wiring for tests/.

- `corpus_scoring`: the corpus scored once per session (tests/corpus/scoring.py).
- `libs_scoring`: the library yardstick scored once per session (tests/libs/score.py).
- `difftest_scoring`: the differential yardstick scored once per session
  (tests/difftest/difftest_score.py).
- The terminal summary prints the fidelity scoreboard and the ratchet status.
- Project rule: no skipped test hides a failure, so a session with any
  skipped or xfailed test fails.
"""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "corpus"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "libs"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "difftest"))
import difftest_score  # noqa: E402
import scoring  # noqa: E402
import score as libs_score  # noqa: E402

_STATE = {}


@pytest.fixture(scope="session")
def corpus_scoring():
    if "scoring" not in _STATE:
        _STATE["scoring"] = scoring.score()
    return _STATE["scoring"]


@pytest.fixture(scope="session")
def libs_scoring():
    if "libs" not in _STATE:
        _STATE["libs"] = libs_score.score()
    return _STATE["libs"]


@pytest.fixture(scope="session")
def difftest_scoring():
    if "difftest" not in _STATE:
        _STATE["difftest"] = difftest_score.score(difftest_score.SOURCES)
    return _STATE["difftest"]


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    tr = terminalreporter
    s = _STATE.get("scoring")
    if s is not None:
        tr.write_sep("=", "corpus fidelity (compare.py)")
        tr.write_line(s.scoreboard)
        ratchet = set(scoring.load_ratchet())
        passing = set(s.passing)
        tr.write_line(f"ratchet: {len(ratchet & passing)}/{len(ratchet)} held, "
                      f"{len(passing)} of {len(s.rows)} case-modes pass")
        new = sorted(passing - ratchet)
        if new:
            tr.write_line(f"note: {len(new)} case-modes pass that the ratchet does not hold yet: "
                          f"{', '.join(new)}")
            tr.write_line("note: raise the ratchet with scripts/update-ratchet.sh and commit "
                          "tests/corpus/ratchet.json")
    libs = _STATE.get("libs")
    if libs is not None:
        tr.write_sep("=", "library yardstick (tests/libs, against torch 2.15)")
        tr.write_line(libs_score.tables(libs))
        ratchet = set(scoring.load_ratchet(libs_score.RATCHET))
        passing = set(libs.passing)
        tr.write_line(f"ratchet: {len(ratchet & passing)}/{len(ratchet)} held; "
                      f"{len(passing - ratchet)} more pass (raise with "
                      "`.venv-test/bin/python tests/libs/score.py --update-ratchet`)")
        for why, n, _ in libs_score.top_reasons(libs, 5):
            tr.write_line(f"  {n:4d}  {why}")
        tr.write_line("failure list: .venv-test/bin/python tests/libs/score.py")
    diff = _STATE.get("difftest")
    if diff is not None:
        tr.write_sep("=", "differential yardstick (tests/difftest, against torch 2.15)")
        for source in diff.groups:
            for line in difftest_score.summary(diff, source):
                tr.write_line(line)
        tr.write_line("disagreements: .venv-test/bin/python tests/difftest/difftest_score.py --list; "
                      "raise the ratchets with --update-ratchet")
    skipped = tr.stats.get("skipped", []) + tr.stats.get("xfailed", []) + tr.stats.get("xpassed", [])
    if skipped:
        tr.write_sep("=", "skipped tests are failures in this project")
        for rep in skipped:
            tr.write_line(f"not run: {rep.nodeid}")


def pytest_sessionfinish(session, exitstatus):
    tr = session.config.pluginmanager.get_plugin("terminalreporter")
    if tr is None:
        return
    if any(tr.stats.get(k) for k in ("skipped", "xfailed", "xpassed")) and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
