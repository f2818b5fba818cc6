"""Emacs, for real: an eglot smoke test (Debian's emacs-nox + elpa-eglot).

    emacs --batch -q -l tests/editors/eglot_test.el

opens a copy of the graph-break model with `exportlens lsp` as the eglot
server for python-mode and waits until flymake shows the error on line 6.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from editors_support import DEAD_SERVERS, HERE, Run, require_tool, run_editor, server_cmd

SCRIPT = HERE / "eglot_test.el"


def run_emacs(work: Path, cmd: list[str], timeout_ms: int = 30000) -> Run:
    emacs = require_tool("emacs", "Emacs")
    # -q, not -Q: Debian's elpa-eglot is found through site-lisp.
    argv = [emacs, "--batch", "-q", "-l", str(SCRIPT)]
    return run_editor(argv, work, cmd, timeout_ms, limit_s=180, extra_env={"HOME": str(work)})


def test_eglot_shows_diagnostics_in_flymake(tmp_path):
    run = run_emacs(tmp_path, server_cmd())
    print(run.output)
    assert run.passed, run.describe()
    assert "ok: flymake error on line 6" in run.output, run.describe()


@pytest.mark.parametrize("dead", sorted(DEAD_SERVERS))
def test_eglot_test_fails_against_a_dead_server(dead, tmp_path):
    run = run_emacs(tmp_path, DEAD_SERVERS[dead], timeout_ms=4000)
    print(run.output)
    assert run.returncode == 1 and "FAIL:" in run.output, run.describe()
