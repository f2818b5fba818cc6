"""`pip install .` on a clean checkout puts a working `exportlens` on PATH.

1. The committed tree (`git archive HEAD`) is unpacked into a temporary
   folder, with `shared` beside it (a link to the repository's `../shared`,
   whose graph-break registry `server/rules/build.rs` embeds).
2. A fresh venv gets maturin (the pin of tests/install/requirements.txt)
   and `pip install --no-build-isolation <checkout>` with CARGO_TARGET_DIR
   set to the repository's `target/`.
3. The installed `exportlens`, found on the venv's PATH, must print the
   workspace version, be stripped, and report the examples' two failures
   with exit status 1; built from the same sources as
   `target/release/exportlens`, it must print exactly what that prints.

Reusing the warm target: cargo judges a path crate's freshness by comparing
its source files' mtimes with the artifacts', so freshly unpacked sources
would rebuild every workspace crate. The test first runs `cargo build
--release -p cli` in the repository (a no-op after scripts/test.sh's build
step), so the artifacts are built from the working tree. When the working
tree's Rust inputs equal HEAD's, the checkout's files are dated back to
2001, and cargo reuses those artifacts: they were built from these very
sources. When they differ (uncommitted Rust changes), the checkout's files
are dated now, the workspace crates are rebuilt from it, and afterwards the
uncommitted files are dated now so that cargo builds the working tree's
crates again.
"""
from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = (ROOT / ".." / "shared").resolve()
TARGET = ROOT / "target"
IN_TREE = TARGET / "release" / "exportlens"
RUST_INPUTS = ["Cargo.toml", "Cargo.lock", "server"]
OLD = 978307200  # 2001-01-01


def sh(cmd: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None, timeout: float = 1800,
       check: bool = True) -> subprocess.CompletedProcess:
    t0 = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=timeout)
    print(f"$ {' '.join(map(str, cmd))}  ({time.monotonic() - t0:.1f}s, exit {p.returncode})")
    if check:
        assert p.returncode == 0, p.stdout[-6000:]
    return p


def maturin_pin() -> str:
    for line in (Path(__file__).parent / "requirements.txt").read_text().splitlines():
        if line.startswith("maturin=="):
            return line.strip()
    raise AssertionError("tests/install/requirements.txt pins no maturin")


def workspace_version() -> str:
    text = (ROOT / "Cargo.toml").read_text()
    section = text.split("[workspace.package]", 1)[1]
    return re.search(r'^version\s*=\s*"([^"]+)"', section, re.M).group(1)


def rust_inputs_are_committed() -> bool:
    status = sh(["git", "status", "--porcelain", "--", *RUST_INPUTS]).stdout
    return status.strip() == ""


def touch_uncommitted() -> None:
    """Dates the working tree's uncommitted Rust inputs now. The checkout's
    build left artifacts with the same fingerprints as the working tree's,
    but from HEAD's sources; this makes cargo build those crates again."""
    out = sh(["git", "status", "--porcelain", "--untracked-files=all", "--", *RUST_INPUTS]).stdout
    for line in out.splitlines():
        path = ROOT / line[3:].split(" -> ")[-1]
        if path.is_file():
            path.touch()


def clean_checkout(dest: Path) -> Path:
    checkout = dest / "exportlens"
    checkout.mkdir(parents=True)
    archive = dest / "head.tar"
    sh(["git", "archive", "--format=tar", "-o", str(archive), "HEAD"])
    with tarfile.open(archive) as tar:
        tar.extractall(checkout, filter="tar")
    archive.unlink()
    assert SHARED.is_dir(), f"{SHARED} is missing"
    (dest / "shared").symlink_to(SHARED, target_is_directory=True)
    return checkout


def set_mtimes(tree: Path, t: float) -> None:
    for dirpath, _, files in os.walk(tree):
        for name in files:
            os.utime(os.path.join(dirpath, name), (t, t), follow_symlinks=False)


def elf_section_names(path: Path) -> set[str]:
    """Section names of a 64-bit little-endian ELF file."""
    data = path.read_bytes()
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "not a 64-bit little-endian ELF file"
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab_off = sections[shstrndx][4]
    names = set()
    for name_off, *_ in sections:
        start = strtab_off + name_off
        names.add(data[start:data.index(b"\0", start)].decode())
    return names


def test_pip_install_clean_checkout(tmp_path):
    sh(["cargo", "build", "--release", "-p", "cli"])
    checkout = clean_checkout(tmp_path)
    warm = rust_inputs_are_committed()
    if warm:
        set_mtimes(checkout, OLD)
    else:
        # Newer than any artifact (git archive dates files at the commit).
        set_mtimes(checkout, time.time())
        print("uncommitted changes under Cargo.toml, Cargo.lock or server/: the workspace crates are rebuilt")

    venv = tmp_path / "venv"
    sh([sys.executable, "-m", "venv", str(venv)])
    py = venv / "bin" / "python"
    sh([str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", maturin_pin()])
    # As in an activated venv: maturin's build backend runs `maturin` from PATH.
    path = f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"
    env = {**os.environ, "CARGO_TARGET_DIR": str(TARGET), "PATH": path, "VIRTUAL_ENV": str(venv)}
    t0 = time.monotonic()
    p = sh([str(py), "-m", "pip", "install", "--disable-pip-version-check", "--no-build-isolation", "-v",
            str(checkout)], env=env)
    build_s = time.monotonic() - t0
    compiled = sorted(set(re.findall(r"Compiling (\S+) v", p.stdout)))
    print(f"pip install: {build_s:.1f}s; crates compiled: {compiled or 'none'}")
    assert "Successfully installed exportlens-" in p.stdout, p.stdout[-3000:]
    if warm:
        assert compiled == [], f"the warm target was not reused: {compiled}"

    installed = shutil.which("exportlens", path=path)
    assert installed == str(venv / "bin" / "exportlens"), installed
    run_env = {**os.environ, "PATH": path, "NO_COLOR": "1"}
    run_env.pop("VIRTUAL_ENV", None)

    version = sh([installed, "--version"], env=run_env).stdout.strip()
    assert version == f"exportlens {workspace_version()}", version
    assert ".symtab" not in elf_section_names(Path(installed)), "the installed binary is not stripped"

    got = sh([installed, "check", "examples"], env=run_env, check=False)
    assert got.returncode == 1, (got.returncode, got.stdout)
    assert "examples/graph_break.py:17:12: error[data-dependent]" in got.stdout, got.stdout
    assert "error[constraint-violation]" in got.stdout, got.stdout
    if warm:
        want = sh([str(IN_TREE), "check", "examples"], env=run_env, check=False)
        assert (got.returncode, got.stdout) == (want.returncode, want.stdout), f"in-tree:\n{want.stdout}"
    else:
        # maturin's cargo left HEAD's build in target/release: the working
        # tree's goes back for the tests that run target/release/exportlens.
        touch_uncommitted()
        sh(["cargo", "build", "--release", "-p", "cli"])
