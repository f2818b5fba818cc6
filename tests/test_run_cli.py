"""`exportlens run` as a user calls it: the options of issue 6 end to end
through the release binary (--init random --seed, --weights, --input,
--repeat, --max-memory) and the exit codes and messages of bad input."""
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "exportlens"
MLP = ROOT / "server" / "bench" / "models" / "small_mlp.py"
FIXTURES = ROOT / "server" / "runtime" / "tests" / "fixtures"
LINEAR = """import torch
import torch.nn as nn
from torch.export import Dim


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(2, 1)

    def forward(self, x):
        return self.l(x)


model = M()
example_args = (torch.randn(3, 2),)
dynamic_shapes = {"x": {0: Dim("batch", min=2, max=8)}}
"""


def run(*args):
    return subprocess.run([str(BIN), "run", *map(str, args)], capture_output=True, text=True, timeout=60)


def first_output(res):
    assert res.returncode == 0, res.stderr + res.stdout
    entry = json.loads(res.stdout)["entries"][0]
    return entry["numeric"]["outputs"], entry


def test_random_init_is_seeded_and_differs_from_the_default():
    a, _ = first_output(run("--json", "--init", "random", "--seed", "5", MLP))
    b, _ = first_output(run("--json", "--init", "random", "--seed", "5", MLP))
    c, _ = first_output(run("--json", "--init", "random", "--seed", "6", MLP))
    d, _ = first_output(run("--json", MLP))
    assert a == b
    assert a["first"] != c["first"]
    assert a["first"] != d["first"]
    assert a["shape"] == d["shape"] == [8, 10]


def test_weights_and_other_sizes(tmp_path):
    model = tmp_path / "linear.py"
    model.write_text(LINEAR)
    out, entry = first_output(run("--json", "--weights", FIXTURES / "linear_state_dict.pt",
                                  "--input", "x=5,2", "--repeat", "3", model))
    assert out["shape"] == [5, 1]
    import math
    x0, x1 = math.sin(0.01 * 1 + 2), math.sin(0.01 * 2 + 2)
    assert abs(out["first"][0] - (0.5 * x0 - 0.25 * x1 + 0.125)) < 1e-6
    assert entry["timing"]["graph_ms"] >= 0 and entry["live_peak_bytes"] > 0


def test_what_cannot_run_says_why(tmp_path):
    model = tmp_path / "linear.py"
    model.write_text(LINEAR)
    outside = run("--input", "x=9,2", model)
    assert outside.returncode == 1
    assert "outside the program's range constraint" in outside.stdout
    bad = tmp_path / "bad.safetensors"
    bad.write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{not json}......")
    res = run("--weights", bad, model)
    assert res.returncode == 2 and "cannot read the weights" in res.stderr
    res = run("--weights", FIXTURES / "code_running.pt", model)
    assert res.returncode == 2 and "no tensors" in res.stderr
    res = run("--input", "x=five", model)
    assert res.returncode == 2 and "is not a size" in res.stderr
    res = run("--max-memory", "32B", "--input", "x=8,2", model)
    assert res.returncode == 1 and "more than --max-memory" in res.stdout
