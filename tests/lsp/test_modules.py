"""A model file with no export entry point, in the editor: each module is
traced on assumed inputs (jaxtyping annotations, shape comments, the call
of a parent module, else guessed ranks), and "Export this module" writes an
export script that exports.

The fixture (tests/fixtures/modules/blocks.py) has three modules: `Gate`
branches on tensor data, `Encoder` has a jaxtyping annotation, `Pool` has
none and is called by `Encoder`.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_helpers import BIN, ROOT, diagnostics_for, inlay_hints, open_doc, position_of, uri_of

BLOCKS = ROOT / "tests" / "fixtures" / "modules" / "blocks.py"


def copy_blocks(tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "blocks.py"
    shutil.copy(BLOCKS, path)
    return path, path.read_text()


async def inlay_labels(client: LanguageClient, uri: str, text: str) -> set[tuple[int, str]]:
    return {(h.position.line, h.label) for h in await inlay_hints(client, uri, text)}


@pytest.mark.asyncio
async def test_modules_without_entry_points(client: LanguageClient, tmp_path: Path):
    path, text = copy_blocks(tmp_path)
    uri = uri_of(path)
    open_doc(client, uri, text)
    diags = await diagnostics_for(client, uri, 1)

    # (a) Gate: the data-dependent branch, whatever the input's shape, as a
    # warning that says what was assumed; in torch's default mode
    # (non-strict), as `check` reports it (no export call asks for strict).
    branch = position_of(text, "if x.sum() > 0:").line
    at_branch = [d for d in diags if d.range.start.line == branch]
    assert {str(d.code) for d in at_branch} == {"data-dependent"}, diags
    for d in at_branch:
        assert d.severity == types.DiagnosticSeverity.Warning
        assert "assuming `Gate()` called with x" in d.message
        assert "rank and sizes guessed" in d.message
    # Encoder and Pool export: no warning or error anywhere else.
    others = [
        d
        for d in diags
        if d.range.start.line != branch
        and d.severity in (types.DiagnosticSeverity.Error, types.DiagnosticSeverity.Warning)
    ]
    assert not others, others

    labels = await inlay_labels(client, uri, text)
    # (b) Encoder: shapes from its jaxtyping annotation (batch stays symbolic).
    conv = position_of(text, "y = self.conv(img)").line
    (conv_label,) = [label for line, label in labels if line == conv]
    assert conv_label.startswith(": f32[s") and conv_label.endswith(", 16, 32, 32]"), conv_label
    # (c) Pool: no annotation; its shapes are those Encoder calls it with.
    pooled = position_of(text, "pooled = feats.mean((2, 3))").line
    (pool_label,) = [label for line, label in labels if line == pooled]
    assert pool_label.startswith(": f32[s") and pool_label.endswith(", 16]"), pool_label
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, "feats.mean", delta=6),
        )
    )
    assert hover is not None and "aten.mean.dim" in hover.contents.value, hover


@pytest.mark.asyncio
async def test_shape_requirement_hint(client: LanguageClient, tmp_path: Path):
    """A module without annotations: the sizes its layers require of any
    input are hints on the lines that require them."""
    path = tmp_path / "attn.py"
    text = (
        "from torch import nn\n\n\n"
        "class Attention(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.qkv = nn.Linear(48, 144)\n\n"
        "    def forward(self, x):\n"
        "        B, N, C = x.shape\n"
        "        qkv = self.qkv(x).reshape(B, N, 3, 4, C // 4)\n"
        "        q, k, v = qkv.permute(2, 0, 3, 1, 4)\n"
        "        return (q @ k.transpose(-2, -1)).softmax(-1) @ v\n"
    )
    path.write_text(text)
    uri = uri_of(path)
    open_doc(client, uri, text)
    diags = await diagnostics_for(client, uri, 1)
    line = position_of(text, "qkv = self.qkv(x)").line
    req = [d for d in diags if str(d.code) == "shape-requirement"]
    assert req and all(d.range.start.line == line for d in req), diags
    assert "requires `x.size(2) == 48` for any input" in req[0].message
    assert req[0].severity == types.DiagnosticSeverity.Hint
    # The rank came from `B, N, C = x.shape`.
    labels = await inlay_labels(client, uri, text)
    (qkv_label,) = [label for l, label in labels if l == line]
    assert qkv_label.startswith(": f32[s") and qkv_label.endswith(", 3, 4, 12]"), qkv_label


@pytest.mark.asyncio
async def test_a_block_with_constructor_arguments_is_analysed_on_open(client: LanguageClient, tmp_path: Path):
    """A reusable block whose `__init__` takes `dim` without a default: the
    editor builds it with an assumed `dim` and publishes the data-dependent
    branch of its `forward` on open, saying what it assumed."""
    path = tmp_path / "attention.py"
    text = (
        "import torch\nfrom torch import nn\n\n\n"
        "class Attention(nn.Module):\n"
        "    def __init__(self, dim, heads=4):\n"
        "        super().__init__()\n"
        "        assert dim % heads == 0\n"
        "        self.qkv = nn.Linear(dim, dim * 3)\n"
        "        self.proj = nn.Linear(dim, dim)\n\n"
        "    def forward(self, x):\n"
        "        q, k, v = self.qkv(x).chunk(3, dim=-1)\n"
        "        y = (q @ k.transpose(-2, -1)).softmax(-1) @ v\n"
        "        if y.sum() > 0:\n"
        "            y = y * 2\n"
        "        return self.proj(y)\n"
    )
    path.write_text(text)
    uri = uri_of(path)
    open_doc(client, uri, text)
    diags = await diagnostics_for(client, uri, 1)
    branch = position_of(text, "if y.sum() > 0:").line
    at_branch = [d for d in diags if d.range.start.line == branch]
    assert at_branch, diags
    for d in at_branch:
        assert d.severity == types.DiagnosticSeverity.Warning
        assert "`Attention(dim=64)` (assumed dim = 64)" in d.message, d.message


@pytest.mark.asyncio
async def test_a_script_beside_the_block_gives_its_constructor_arguments(client: LanguageClient, tmp_path: Path):
    """The same block with a training script beside it that builds it from
    its constants: the editor analyses the block with those arguments, says
    where they came from, and so also reports the size its first Linear
    requires (nothing about it was assumed)."""
    path = tmp_path / "attention.py"
    text = (
        "import torch\nfrom torch import nn\n\n\n"
        "class Attention(nn.Module):\n"
        "    def __init__(self, dim, heads=4):\n"
        "        super().__init__()\n"
        "        self.qkv = nn.Linear(dim, dim * 3)\n\n"
        "    def forward(self, x):\n"
        "        y = self.qkv(x)\n"
        "        if y.sum() > 0:\n"
        "            y = y * 2\n"
        "        return y\n"
    )
    path.write_text(text)
    (tmp_path / "train.py").write_text(
        "from attention import Attention\n\nCONFIG = {'dim': 48, 'heads': 6}\nmodel = Attention(**CONFIG)\n"
    )
    uri = uri_of(path)
    open_doc(client, uri, text)
    diags = await diagnostics_for(client, uri, 1)
    branch = position_of(text, "if y.sum() > 0:").line
    at_branch = [d for d in diags if d.range.start.line == branch]
    assert at_branch, diags
    for d in at_branch:
        assert d.severity == types.DiagnosticSeverity.Warning
        assert "`Attention(dim=48, heads=6)` (as called at train.py:4)" in d.message, d.message
    qkv = position_of(text, "y = self.qkv(x)").line
    req = [d for d in diags if str(d.code) == "shape-requirement"]
    assert [d.range.start.line for d in req] == [qkv], diags
    assert "`x.size(3) == 48`" in req[0].message, req[0].message


def torch_python() -> str | None:
    """An interpreter with torch and jaxtyping (EXPORTLENS_TORCH_PYTHON, or
    the development machine's /work/torchvenv), if there is one."""
    for candidate in [os.environ.get("EXPORTLENS_TORCH_PYTHON"), "/work/torchvenv/bin/python"]:
        if not candidate or not Path(candidate).exists():
            continue
        probe = subprocess.run([candidate, "-c", "import torch, jaxtyping"], capture_output=True)
        if probe.returncode == 0:
            return candidate
    return None


@pytest.mark.asyncio
async def test_export_this_module_writes_a_script_that_exports(client: LanguageClient, tmp_path: Path):
    path, text = copy_blocks(tmp_path)
    uri = uri_of(path)
    applied: list[types.ApplyWorkspaceEditParams] = []

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply(params: types.ApplyWorkspaceEditParams):
        applied.append(params)
        for change in params.edit.document_changes or []:
            if isinstance(change, types.CreateFile):
                Path(change.uri.removeprefix("file://")).write_text("")
            elif isinstance(change, types.TextDocumentEdit):
                target = Path(change.text_document.uri.removeprefix("file://"))
                (edit,) = change.edits
                target.write_text(target.read_text() + edit.new_text)
        return types.ApplyWorkspaceEditResult(applied=True)

    open_doc(client, uri, text)
    await diagnostics_for(client, uri, 1)
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    export_lenses = {
        lens.range.start.line: lens for lens in lenses if lens.command.title == "Export this module"
    }
    classes = [position_of(text, f"class {c}(").line for c in ("Gate", "Pool", "Encoder")]
    assert sorted(export_lenses) == classes, lenses
    lens = export_lenses[position_of(text, "class Encoder(").line]
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=lens.command.command, arguments=lens.command.arguments)
    )
    script = tmp_path / "export_encoder.py"
    assert result["applied"] and Path(result["path"]) == script, result
    assert len(applied) == 1
    written = script.read_text()
    assert written == result["text"]
    assert "from blocks import Encoder" in written
    assert "torch.randn(2, 3, 64, 64)" in written
    assert 'dynamic_shapes = {"img": {0: batch}}' in written

    # exportlens itself says the written entry exports, in both modes.
    report = subprocess.run(
        [str(BIN), "export", "--json", str(script)], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    (entry,) = json.loads(report.stdout)["entries"]
    assert {mode: run["ok"] for mode, run in entry["runs"].items()} == {"strict": True, "nonstrict": True}

    # And real torch, where a Python with torch and jaxtyping is installed
    # (the development machines; CI has none, and relies on the check above).
    python = torch_python()
    if python is not None:
        ran = subprocess.run([python, str(script)], capture_output=True, text=True, cwd=tmp_path)
        assert ran.returncode == 0, ran.stderr[-2000:]
        assert "ExportedProgram" in ran.stdout


@pytest.mark.asyncio
async def test_a_module_configured_in_pyproject_is_built_and_fed_as_configured(
    client: LanguageClient, tmp_path: Path
):
    """A class whose constructor needs arguments is analysed when
    `[tool.exportlens.modules]` says how to build it; the configured input
    shape wins, and "Export this module" writes the same arguments."""
    (tmp_path / "pyproject.toml").write_text(
        "[tool.exportlens.modules.Block]\n"
        'init = "dim=8, hidden=32"\n'
        'inputs = { x = "[B, T, 8]" }\n'
    )
    path = tmp_path / "block.py"
    text = (
        "from torch import nn\n\n\n"
        "class Block(nn.Module):\n"
        "    def __init__(self, dim, hidden):\n"
        "        super().__init__()\n"
        "        self.fc = nn.Linear(dim, hidden)\n\n"
        "    def forward(self, x):\n"
        "        y = self.fc(x)\n"
        "        return y.relu()\n"
    )
    path.write_text(text)
    uri = uri_of(path)
    open_doc(client, uri, text)
    diags = await diagnostics_for(client, uri, 1)
    assert not [d for d in diags if d.severity != types.DiagnosticSeverity.Hint], diags
    labels = await inlay_labels(client, uri, text)
    line = position_of(text, "y = self.fc(x)").line
    (label,) = [label for l, label in labels if l == line]
    assert label.startswith(": f32[s") and label.endswith(", 32]") and label.count(",") == 2, label

    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    (lens,) = [lens for lens in lenses if lens.command.title == "Export this module"]

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply(params: types.ApplyWorkspaceEditParams):
        return types.ApplyWorkspaceEditResult(applied=True)

    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=lens.command.command, arguments=lens.command.arguments)
    )
    assert "model = Block(dim=8, hidden=32).eval()" in result["text"], result["text"]
    assert "# from the project configuration" in result["text"], result["text"]
