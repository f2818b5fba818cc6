"""The reliability reproducers of ../shared/reliability, rebuilt as project
tests: every `tests/reliability/<folder>/case.json` lists runs of the release
`exportlens` binary on that folder's files, and each run must end cleanly.

A run happens in a temporary copy of the folder (its working directory),
under a 1 GiB address-space limit and a 10 s timeout, and fails on a signal
or an abort, on "panicked" or "overflowed its stack" in stderr, and on an
exit code outside the case's allowed set. `case.json`:

    {"cases": [{
        "name": "fix",                      # optional: the test id (default: its index)
        "args": ["check", "repro.py"],      # exportlens arguments
        "exit": [1],                        # allowed exit codes (default [0, 1, 2])
        "stdout_contains": ["..."],         # optional substrings of stdout
        "stdout_not_contains": ["..."],
        "stderr_contains": ["..."],
        "stdout_format": "xml",             # optional: stdout must parse as "xml" or "json"
        "unchanged": ["file.py"],           # files left byte-identical
        "expect_files": {"file.py": "file.after.py"},   # file equals another after the run
        "fsize": 4096,                      # optional RLIMIT_FSIZE in bytes (SIGXFSZ ignored):
                                            # a write past it fails as on a full disk
        "readonly": ["a.py"],               # files made read-only (0444), the others 0666;
                                            # run as `nobody` when the tests run as root, so
                                            # that the permission holds
        "generate": {"big.py": {"from": "model.py", "pad_to_bytes": 9000000,
                                "pad_line": "# padding\\n"}}
                                            # files made in the copy before the run: `from`'s
                                            # bytes (optional), then `pad_line` repeated up
                                            # to `pad_to_bytes` (huge inputs are not committed)
    }]}
"""
import json
import os
import xml.etree.ElementTree as ET
import resource
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = ROOT / "tests" / "reliability"
BIN = Path(os.environ.get("EXPORTLENS_BIN") or ROOT / "target" / "release" / "exportlens")
ADDRESS_SPACE = 1 << 30
TIMEOUT_S = 10
KNOWN_KEYS = {"name", "args", "exit", "stdout_contains", "stdout_not_contains", "stderr_contains",
              "stdout_format", "unchanged", "expect_files", "fsize", "generate", "readonly"}
NOBODY = 65534


def load_cases():
    out = []
    for spec in sorted(CASES_DIR.glob("*/case.json")):
        folder = spec.parent
        for i, case in enumerate(json.loads(spec.read_text())["cases"]):
            out.append(pytest.param(folder, case, id=f"{folder.name}/{case.get('name', i)}"))
    return out


CASES = load_cases()


def limits(fsize, unprivileged=False):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
        if fsize is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        if unprivileged and os.geteuid() == 0:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
    return apply


def generate(work, files):
    for name, how in files.items():
        data = (work / how["from"]).read_bytes() if "from" in how else b""
        pad = how.get("pad_line", "#\n").encode()
        target = how.get("pad_to_bytes", len(data))
        if target > len(data):
            data += pad * ((target - len(data)) // len(pad) + 1)
        (work / name).write_bytes(data)


def run_case(folder, case, tmp_path):
    """Runs one case in a copy of `folder`; returns (process, work folder)."""
    readonly = case.get("readonly", [])
    if readonly:
        # pytest's own temporary folders are private to their owner.
        base = Path(tempfile.mkdtemp(prefix="exportlens-reliability-"))
        os.chmod(base, 0o755)
        (tmp_path / "work").symlink_to(base)
        work = base / folder.name
    else:
        work = tmp_path / folder.name
    shutil.copytree(folder, work)
    generate(work, case.get("generate", {}))
    if readonly:
        os.chmod(work, 0o777)
        for f in work.iterdir():
            os.chmod(f, 0o444 if f.name in readonly else 0o666)
    try:
        proc = subprocess.run(
            [str(BIN), *case["args"]], cwd=work, capture_output=True, timeout=TIMEOUT_S,
            stdin=subprocess.DEVNULL, preexec_fn=limits(case.get("fsize"), bool(readonly)),
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"exportlens {' '.join(case['args'])} ran past {TIMEOUT_S}s")
    return proc, work


def problems(folder, case, proc, work):
    """What is wrong with a finished run, in words (empty: nothing)."""
    out = proc.stdout.decode(errors="replace")
    err = proc.stderr.decode(errors="replace")
    code = proc.returncode
    found = []
    if code < 0:
        found.append(f"killed by signal {signal.Signals(-code).name}")
    elif code == 134:
        found.append("aborted (exit 134)")
    for marker in ("panicked", "overflowed its stack"):
        if marker in err:
            found.append(f"stderr says {marker!r}")
    allowed = case.get("exit", [0, 1, 2])
    if code not in allowed:
        found.append(f"exit code {code}, expected one of {allowed}")
    found += [f"stdout lacks {s!r}" for s in case.get("stdout_contains", []) if s not in out]
    found += [f"stdout has {s!r}" for s in case.get("stdout_not_contains", []) if s in out]
    found += [f"stderr lacks {s!r}" for s in case.get("stderr_contains", []) if s not in err]
    fmt = case.get("stdout_format")
    try:
        if fmt == "xml":
            ET.fromstring(proc.stdout)
        elif fmt == "json":
            json.loads(proc.stdout)
    except (ET.ParseError, ValueError) as e:
        found.append(f"stdout is not {fmt}: {e}")
    for name in case.get("unchanged", []):
        if (work / name).read_bytes() != (folder / name).read_bytes():
            found.append(f"{name} changed")
    for name, want in case.get("expect_files", {}).items():
        if (work / name).read_bytes() != (folder / want).read_bytes():
            found.append(f"{name} differs from {want}")
    return found


def test_every_case_file_is_well_formed():
    specs = sorted(CASES_DIR.glob("*/case.json"))
    assert specs, f"no case.json under {CASES_DIR}"
    for spec in specs:
        cases = json.loads(spec.read_text())["cases"]
        assert cases, f"{spec}: no cases"
        for case in cases:
            assert isinstance(case.get("args"), list) and case["args"], f"{spec}: a case without args"
            unknown = set(case) - KNOWN_KEYS
            assert not unknown, f"{spec}: unknown keys {sorted(unknown)}"
            assert case.get("stdout_format") in (None, "xml", "json"), f"{spec}: stdout_format"
            for name in [*case.get("unchanged", []), *case.get("expect_files", {}).values()]:
                assert (spec.parent / name).is_file(), f"{spec}: {name} is not in the folder"


@pytest.mark.parametrize("folder,case", CASES)
def test_reproducer_ends_cleanly(folder, case, tmp_path):
    assert BIN.is_file(), f"{BIN} is missing: cargo build --release -p cli --bin exportlens"
    proc, work = run_case(folder, case, tmp_path)
    found = problems(folder, case, proc, work)
    if case.get("readonly"):
        shutil.rmtree(work.parent)
    assert not found, (
        f"exportlens {' '.join(case['args'])} (in a copy of {folder.name}): {'; '.join(found)}\n"
        f"--- stdout\n{proc.stdout.decode(errors='replace')[-3000:]}\n"
        f"--- stderr\n{proc.stderr.decode(errors='replace')[-3000:]}"
    )


@pytest.mark.parametrize("args", [["check", "cnn_dynamic_batch.py"],
                                  ["run", "cnn_dynamic_batch.py"]], ids=["check", "run"])
def test_the_limits_leave_a_normal_run_alone(args, tmp_path):
    """The 1 GiB address space is enough for an ordinary model: a reproducer
    that fails under it fails for its own reason, not the limit's."""
    shutil.copy(ROOT / "examples" / "cnn_dynamic_batch.py", tmp_path)
    case = {"args": args, "exit": [0]}
    proc = subprocess.run([str(BIN), *args], cwd=tmp_path, capture_output=True, timeout=TIMEOUT_S,
                          stdin=subprocess.DEVNULL, preexec_fn=limits(None))
    found = problems(tmp_path, case, proc, tmp_path)
    assert not found, f"{found}\n{proc.stdout.decode()[-2000:]}\n{proc.stderr.decode()[-2000:]}"
