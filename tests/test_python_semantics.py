"""The Python semantics files of server/tracer/tests/python/ run by CPython
(and those of server/tracer/tests/numpy/ by a CPython with numpy).

Each file is a module of asserts about builtins, builtin types' methods and
the standard-library modules the tracer models; the tracer runs the same
files (server/tracer/tests/python_files.rs), so both agree with the real
language.
"""
import subprocess
import sys
from pathlib import Path

import pytest

FILES = sorted((Path(__file__).resolve().parent.parent / "server/tracer/tests/python").glob("*.py"))


def test_the_files_are_found():
    assert len(FILES) >= 4, FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_cpython_runs_the_file(path):
    run = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


NUMPY_FILES = sorted((Path(__file__).resolve().parent.parent / "server/tracer/tests/numpy").glob("*.py"))


def _numpy_python():
    """A Python with numpy: TORCH_PYTHON's (scripts/test.sh provides one)."""
    import os

    return os.environ.get("TORCH_PYTHON") or "/work/torchvenv/bin/python"


def test_the_numpy_files_are_found():
    assert NUMPY_FILES, NUMPY_FILES


@pytest.mark.parametrize("path", NUMPY_FILES, ids=lambda p: p.name)
def test_numpy_runs_the_file(path):
    python = _numpy_python()
    if not Path(python).exists():
        pytest.fail("no Python with numpy: set TORCH_PYTHON (scripts/test.sh provides one)")
    run = subprocess.run([python, str(path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
