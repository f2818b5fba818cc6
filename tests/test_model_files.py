"""`exportlens check` and `exportlens modules` on a model file whose module
takes a transformers configuration (issue 42): the configuration class is
read from the library yardstick's environment (.venv-libs, transformers
without torch, tests/libs/prepare.sh), built from its defaults with its
sizes shrunk, and what fails whatever was assumed is a warning that names
the configuration it was built with."""
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "exportlens"
LIBS = ROOT / ".venv-libs"

BLOCK = """import torch
from torch import nn
from transformers import LlamaConfig


class Block(nn.Module):
    def __init__(self, config: LlamaConfig):
        super().__init__()
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.up = nn.Linear(config.hidden_size, config.intermediate_size)

    def forward(self, x):
        y = self.qkv(x)
        if y.sum() > 0:
            y = y * 2
        return y
"""

SHRUNK = (
    "LlamaConfig(vocab_size=128, hidden_size=64, intermediate_size=128, num_hidden_layers=2, "
    "num_attention_heads=4, num_key_value_heads=2, head_dim=16)"
)


def exportlens(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    (tmp_path / "block.py").write_text(BLOCK)
    return subprocess.run(
        [str(BIN), "--python", str(LIBS), *args, "block.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_transformers_configuration_is_built_shrunk_and_named(tmp_path):
    res = exportlens(tmp_path, "check")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "block.py:14:12: warning[data-dependent]" in res.stdout, res.stdout
    assert f"`Block(config={SHRUNK})` (assumed config = LlamaConfig from its defaults, sizes shrunk)" in res.stdout
    # The sizes depend on the assumed configuration: no requirement shown.
    assert "shape-requirement" not in res.stdout, res.stdout


def test_the_export_script_builds_the_same_configuration(tmp_path):
    res = exportlens(tmp_path, "modules", "--json")
    assert res.returncode == 0, res.stderr
    (module,) = json.loads(res.stdout)
    assert module["init"] == f"config={SHRUNK}"
    assert module["init_assumed"] == ["config"]
    script = module["script"]
    assert "from block import Block, LlamaConfig\n" in script, script
    assert f"model = Block(config={SHRUNK}).eval()\n" in script, script
