"""Every hostile checkpoint `tests/reliability/ckpt_generator.py` writes
(code-running pickles, truncated and corrupted archives, tensor metadata
that lies about sizes, strides, offsets and dtypes, pickles nested a million
deep or expanding through the memo, safetensors headers out of range),
generated at test time and given to `exportlens run --weights` under the
reliability limits (1 GiB of address space, 10 s): each run ends with exit
0, 1 or 2, never a signal or a panic, no pickled code runs, and the files
issue 43 found refuse with the reason."""
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "exportlens"
GENERATOR = ROOT / "tests" / "reliability" / "ckpt_generator.py"
MODEL = ROOT / "tests" / "reliability" / "ckpt-malformed-accepted" / "model.py"
ADDRESS_SPACE = 1 << 30
TIMEOUT_S = 10

# file -> (exit code, a substring of stdout + stderr)
EXPECTED = {
    "good.pt": (0, '"outputs"'),
    "nested_state_dict.pt": (0, '"outputs"'),
    "param_wrapped.pt": (0, '"outputs"'),
    "deep_tuple1_1000000.pt": (2, "values nest more than 1000 deep"),
    "deep_list_1000000.pt": (2, "values nest more than 1000 deep"),
    "deep_value_in_sd.pt": (2, "values nest more than 1000 deep"),
    "memo_laughs.pt": (2, "through repeated memo references"),
    "meta_many_stride0.pt": (2, "its tensors take 10.7 GiB in all, more than --max-memory"),
    "meta_stride_zero_big.pt": (2, "more than --max-memory"),
    "meta_stride_zero_1_9G.pt": (1, "size mismatch for fc.weight: [500000000] in the file"),
    "meta_offset_huge.pt": (2, "its storage offset 4611686018427387904 lies outside its storage"),
    "meta_stride_short.pt": (2, "its size (3, 4) has 2 dims but its stride (1,) has 1"),
    "meta_stride_negative.pt": (2, "its stride -4 is negative"),
    "meta_numel_lies.pt": (2, "declared as 1000000000000000 elements"),
    "meta_size_overflow.pt": (2, "more elements than int64 holds"),
    "legacy_rce.pt": (2, "legacy (pre-1.6) pickle format"),
    "rce_posix_system_toplevel.pt": (2, "it holds no tensors"),
}


def limits():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    work = tmp_path_factory.mktemp("ckpt")
    subprocess.run([sys.executable, str(GENERATOR)], cwd=work, check=True,
                   capture_output=True, timeout=300)
    (work / "model.py").write_bytes(MODEL.read_bytes())
    return work


def test_every_generated_checkpoint_ends_cleanly(generated):
    files = sorted((generated / "ckpt-files").iterdir())
    assert len(files) > 250, len(files)
    problems = []
    seen = {}
    for f in files:
        t0 = time.monotonic()
        try:
            res = subprocess.run(
                [str(BIN), "run", "--json", "--weights", str(f), "model.py"],
                cwd=generated, capture_output=True, text=True, timeout=TIMEOUT_S,
                preexec_fn=limits)
        except subprocess.TimeoutExpired:
            problems.append(f"{f.name}: no answer in {TIMEOUT_S} s")
            continue
        took = time.monotonic() - t0
        out = res.stdout + res.stderr
        seen[f.name] = (res.returncode, out)
        if res.returncode not in (0, 1, 2):
            problems.append(f"{f.name}: exit {res.returncode} ({took:.1f} s)\n{res.stderr[-2000:]}")
        elif "panicked" in out or "overflowed its stack" in out or "internal error" in out:
            problems.append(f"{f.name}: {out[-2000:]}")
    assert not problems, "\n".join(problems)
    ran = sorted(p.name for p in generated.rglob("pwned*"))
    assert not ran, f"pickled code ran: {ran}"
    for name, (code, says) in EXPECTED.items():
        got, out = seen[name]
        assert got == code and says in out, f"{name}: exit {got}, wanted {code} saying {says!r}:\n{out}"
