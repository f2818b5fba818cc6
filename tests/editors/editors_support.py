"""Shared wiring for the real-editor tests in tests/editors/.

- The server is `target/release/exportlens lsp` (built by scripts/test.sh;
  EXPORTLENS_BIN overrides the binary). EXPORTLENS_EDITOR_SERVER_CMD (a
  JSON array) replaces the whole command, e.g. '["false"]' to check that
  every editor test fails against a dead server.
- Each editor script gets the repository, the server command, a scratch
  folder and a per-wait timeout through EXPORTLENS_* variables, prints
  "ok: ..." lines and ends with "PASS" (exit 0) or "FAIL: ..." (exit 1).
- Installers live in tests/editors/prepare.sh; a missing editor is a test
  failure that says to run it, never a skip.
"""
from __future__ import annotations

import json
import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CORPUS = (ROOT / ".." / "shared" / "corpus").resolve()
BIN = Path(os.environ.get("EXPORTLENS_BIN", ROOT / "target" / "release" / "exportlens"))
# node packages (code-server, playwright-core) installed by prepare.sh.
CACHE = ROOT / ".editor-cache"
ARTIFACTS = ROOT / "target" / "editor-artifacts"

DEAD_SERVERS = {
    # exits at once
    "exits": ["false"],
    # stays up, reads everything, never answers
    "silent": ["sh", "-c", "exec cat >/dev/null"],
}


def server_cmd() -> list[str]:
    override = os.environ.get("EXPORTLENS_EDITOR_SERVER_CMD")
    if override:
        cmd = json.loads(override)
        assert isinstance(cmd, list) and cmd, override
        return [str(c) for c in cmd]
    assert BIN.exists(), (
        f"{BIN} is missing: build it with `cargo build --release -p cli` "
        "(scripts/test.sh does) or set EXPORTLENS_BIN"
    )
    return [str(BIN), "lsp"]


def require_tool(path: str | Path, what: str) -> str:
    p = Path(path)
    if not p.is_absolute():
        import shutil

        found = shutil.which(str(p))
        assert found, f"{what} ({p}) is not installed: run `bash tests/editors/prepare.sh`"
        return found
    assert p.exists(), f"{what} ({p}) is not installed: run `bash tests/editors/prepare.sh`"
    return str(p)


@dataclass
class Run:
    returncode: int
    output: str
    seconds: float

    @property
    def passed(self) -> bool:
        return self.returncode == 0 and self.output.rstrip().endswith("PASS")

    def describe(self) -> str:
        return f"exit {self.returncode} after {self.seconds:.1f}s; output:\n{self.output}"


def run_editor(argv: list[str], work: Path, cmd: list[str], timeout_ms: int, limit_s: float,
               extra_env: dict[str, str] | None = None) -> Run:
    """Run one editor script with the EXPORTLENS_* environment."""
    env = dict(os.environ)
    env.update(
        EXPORTLENS_ROOT=str(ROOT),
        EXPORTLENS_WORK=str(work),
        EXPORTLENS_CMD=json.dumps(cmd),
        EXPORTLENS_TIMEOUT_MS=str(timeout_ms),
        # Keep the editors' state and logs out of the user's home.
        XDG_STATE_HOME=str(work / "state"),
        XDG_DATA_HOME=str(work / "data"),
        XDG_CACHE_HOME=str(work / "cache"),
        XDG_CONFIG_HOME=str(work / "config"),
    )
    env.update(extra_env or {})
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    try:
        # restore_signals=False: the editor inherits Python's ignored
        # SIGPIPE, so writing to a server that already exited is an error
        # the editor's script reports, not a death by signal (a race that
        # made the dead-server tests flaky).
        p = subprocess.run(
            argv, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, timeout=limit_s, text=True, errors="replace",
            restore_signals=False,
        )
        return Run(p.returncode, p.stdout, time.monotonic() - t0)
    except subprocess.TimeoutExpired as e:
        out = e.stdout if isinstance(e.stdout, str) else (e.stdout or b"").decode(errors="replace")
        return Run(-1, out + f"\n(killed after {limit_s:.0f}s)", time.monotonic() - t0)
