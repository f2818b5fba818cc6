"""End-to-end tests of `exportlens lsp`, driven over stdio by pytest-lsp.

Each test starts the real binary; corpus models are opened as an editor
would open them (file URIs of the real paths).
"""
from __future__ import annotations

import asyncio
import random
import re

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound, JsonRpcRequestCancelled
from pytest_lsp import LanguageClient, client_capabilities

from lsp_helpers import (
    CONFIG,
    ROOT,
    apply_edits,
    change_doc,
    corpus,
    diagnostics_for,
    initialize,
    inlay_hints,
    open_doc,
    position_of,
    uri_of,
    wait_for,
)

BREAK_IF = corpus("tutorial/break_data_dependent_if.py")
CV_FIXES = corpus("tutorial/constraint_violation_fixes.py")
GUARDS = corpus("tutorial/dynamic_model_guards.py")
CONV = corpus("tutorial/conv_relu_maxpool.py")


def code(d: types.Diagnostic) -> str | None:
    return None if d.code is None else str(d.code)


def errors(diags):
    return [d for d in diags if d.severity == types.DiagnosticSeverity.Error]


async def open_file(client: LanguageClient, path, text: str | None = None, uri: str | None = None):
    text = path.read_text() if text is None else text
    uri = uri or uri_of(path)
    open_doc(client, uri, text)
    return uri, text, await diagnostics_for(client, uri, 1)


async def start_client(capabilities=None, options=None, configuration=None):
    """A client of our own (for tests that need other capabilities)."""
    client = await CONFIG.start()
    if configuration is not None:
        client.set_configuration(configuration)
    result = await initialize(client, capabilities, options)
    return client, result


# --- diagnostics -------------------------------------------------------------


@pytest.mark.asyncio
async def test_data_dependent_error_on_failing_line(client: LanguageClient):
    uri, text, diags = await open_file(client, BREAK_IF)
    errs = errors(diags)
    assert errs, diags
    d = errs[0]
    # line 6: `if x.sum() > 0:` (non-strict is torch's default)
    assert d.range.start.line == 5
    assert code(d) == "data-dependent"
    assert d.source == "exportlens"
    # related information points to the entry point (`model = Bad1()`)
    assert d.related_information and d.related_information[0].location.uri == uri
    assert d.related_information[0].location.range.start.line == 11


@pytest.mark.asyncio
async def test_strict_mode_graph_break_links_torch_page():
    client, _ = await start_client(options={"mode": "strict"})
    try:
        _, _, diags = await open_file(client, BREAK_IF)
        gb = [d for d in diags if code(d) == "GB0170"]
        assert gb, diags
        assert gb[0].range.start.line == 5
        assert gb[0].severity == types.DiagnosticSeverity.Error
        assert gb[0].code_description.href == (
            "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0170.html"
        )
    finally:
        await client.shutdown_session()
        await client.stop()


@pytest.mark.asyncio
async def test_project_settings_and_suppressions_apply_as_in_check(client: LanguageClient, tmp_path):
    """`[tool.exportlens]` and `# exportlens: ignore` act in the editor as
    `exportlens check` applies them: the project's mode, `ignore`,
    per-file ignores and `exclude`."""
    (tmp_path / "pyproject.toml").write_text(
        '[tool.exportlens]\nmode = "strict"\nignore = ["guard"]\nextend-exclude = ["generated"]\n'
    )
    text = BREAK_IF.read_text()
    _, _, diags = await open_file(client, tmp_path / "m.py", text=text, uri=uri_of(tmp_path / "m.py"))
    assert {code(d) for d in errors(diags)} == {"GB0170"}, diags
    # A suppression comment on the failing line hides it.
    lines = text.split("\n")
    lines[5] += "  # exportlens: ignore[GB0170]"
    _, _, diags = await open_file(
        client, tmp_path / "quiet.py", text="\n".join(lines), uri=uri_of(tmp_path / "quiet.py")
    )
    assert not errors(diags), diags
    # An excluded file gets nothing.
    (tmp_path / "generated").mkdir()
    _, _, diags = await open_file(
        client, tmp_path / "generated" / "m.py", text=text, uri=uri_of(tmp_path / "generated" / "m.py")
    )
    assert diags == [], diags


@pytest.mark.asyncio
async def test_guards_are_information_on_their_line(client: LanguageClient):
    _, text, diags = await open_file(client, CV_FIXES)
    guards = [d for d in diags if code(d) == "guard"]
    assert guards, diags
    assert all(d.severity == types.DiagnosticSeverity.Information for d in guards)
    lines = text.split("\n")
    assert any("w = x + y" in lines[d.range.start.line] for d in guards), guards
    cv = [d for d in errors(diags) if code(d) == "constraint-violation"]
    assert cv and "d1 = 4" in cv[0].message and "dy = dx" in cv[0].message


@pytest.mark.asyncio
async def test_both_modes_label_diagnostics():
    client, _ = await start_client(options={"exportlens": {"mode": "both"}})
    try:
        _, _, diags = await open_file(client, BREAK_IF)
        codes = {code(d) for d in errors(diags)}
        assert {"GB0170", "data-dependent"} <= codes, diags
        assert any("(strict)" in d.message for d in diags)
    finally:
        await client.shutdown_session()
        await client.stop()


@pytest.mark.asyncio
async def test_pull_diagnostics_with_vscode_capabilities():
    # VS Code's recorded profile (1.65) predates pull diagnostics (LSP 3.17):
    # add the capability as current VS Code declares it.
    caps = client_capabilities("visual_studio_code")
    caps.text_document.diagnostic = types.DiagnosticClientCapabilities(
        dynamic_registration=True, related_document_support=False
    )
    client, result = await start_client(capabilities=caps)
    try:
        assert result.capabilities.diagnostic_provider is not None
        uri = uri_of(BREAK_IF)
        open_doc(client, uri, BREAK_IF.read_text())
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert report.kind == "full"
        assert any(d.range.start.line == 5 for d in errors(report.items)), report.items
        again = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                previous_result_id=report.result_id,
            )
        )
        assert again.kind == "unchanged"
        # The client pulls, so nothing is pushed (no duplicate diagnostics).
        await asyncio.sleep(0.2)
        assert not client.published.items
    finally:
        await client.shutdown_session()
        await client.stop()


@pytest.mark.asyncio
async def test_workspace_diagnostics_are_pulled_for_every_open_document():
    caps = client_capabilities("visual_studio_code")
    caps.text_document.diagnostic = types.DiagnosticClientCapabilities(
        dynamic_registration=True, related_document_support=False
    )
    caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    client, result = await start_client(capabilities=caps)
    try:
        assert result.capabilities.diagnostic_provider.workspace_diagnostics is True
        for path in (BREAK_IF, CONV):
            open_doc(client, uri_of(path), path.read_text())
        report = await client.workspace_diagnostic_async(
            types.WorkspaceDiagnosticParams(previous_result_ids=[])
        )
        by_uri = {item.uri: item for item in report.items}
        assert set(by_uri) == {uri_of(BREAK_IF), uri_of(CONV)}
        assert all(item.kind == "full" and item.version == 1 for item in report.items)
        assert any(d.range.start.line == 5 for d in errors(by_uri[uri_of(BREAK_IF)].items))
        assert not errors(by_uri[uri_of(CONV)].items)
        # With the result ids the client holds, nothing changed.
        again = await client.workspace_diagnostic_async(
            types.WorkspaceDiagnosticParams(
                previous_result_ids=[
                    types.PreviousResultId(uri=item.uri, value=item.result_id) for item in report.items
                ]
            )
        )
        assert {item.kind for item in again.items} == {"unchanged"}
    finally:
        await client.shutdown_session()
        await client.stop()


@pytest.mark.asyncio
@pytest.mark.parametrize("profile", ["neovim", "emacs", "visual_studio_code"])
async def test_editor_capability_profiles(profile):
    client, result = await start_client(capabilities=client_capabilities(profile))
    try:
        uri = uri_of(BREAK_IF)
        open_doc(client, uri, BREAK_IF.read_text())
        if result.capabilities.diagnostic_provider is not None:
            report = await client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(
                    text_document=types.TextDocumentIdentifier(uri=uri)
                )
            )
            diags = report.items
        else:
            diags = await diagnostics_for(client, uri, 1)
        assert any(d.range.start.line == 5 for d in errors(diags)), diags
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri_of(BREAK_IF)),
                position=types.Position(line=5, character=12),
            )
        )
        assert hover is None or hover.contents
    finally:
        await client.shutdown_session()
        await client.stop()


# --- hover, inlay hints, code lens ---------------------------------------------


def hover_text(h: types.Hover | None) -> str:
    assert h is not None
    c = h.contents
    return c.value if isinstance(c, types.MarkupContent) else str(c)


@pytest.mark.asyncio
async def test_hover_shows_tensor_type_ops_and_symbols(client: LanguageClient):
    uri, text, _ = await open_file(client, GUARDS)
    at = position_of(text, "x1 = self.l(w)")
    h = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
    )
    value = hover_text(h)
    assert re.search(r"x1: f32\[s\d+ \+ 2, 3\]", value), value
    assert "aten.linear.default" in value
    assert re.search(r"`s\d+` ∈ `\[", value), value
    assert "w.size()[0]" in value or "x.size()[0]" in value, value
    # A later use of a name shows the type it was bound to.
    at = position_of(text, "x3 = x2 + z", delta=5)
    value = hover_text(
        await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
        )
    )
    assert re.search(r"x2: f32\[s\d+\*s\d+\]", value), value
    # A forward parameter is typed by its example input.
    at = position_of(text, "def forward(self, w", delta=len("def forward(self, "))
    value = hover_text(
        await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
        )
    )
    assert re.search(r"w: f32\[s\d+ \+ 2, 5\]", value), value


@pytest.mark.asyncio
async def test_hover_shows_guards_of_the_line(client: LanguageClient):
    uri, text, _ = await open_file(client, CV_FIXES)
    at = position_of(text, "w = x + y")
    value = hover_text(
        await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
        )
    )
    assert "Guards added here" in value and "Eq(" in value, value


@pytest.mark.asyncio
async def test_inlay_hints_show_shapes(client: LanguageClient):
    uri, text, _ = await open_file(client, CONV)
    hints = await inlay_hints(client, uri, text)
    labels = {(h.position.line, h.label) for h in hints}
    line_a = position_of(text, "a = self.conv(x)").line
    assert (line_a, ": f32[1, 16, 256, 256]") in labels, labels
    line_ret = position_of(text, "return self.maxpool").line
    assert (line_ret, "-> f32[1, 16, 85, 85]") in labels, labels
    a_hint = next(h for h in hints if h.position.line == line_a)
    assert a_hint.position.character == position_of(text, "a = self.conv(x)").character + 1


@pytest.mark.asyncio
async def test_inlay_hints_can_be_turned_off():
    client, _ = await start_client(options={"inlayHints": False})
    try:
        uri, text, _ = await open_file(client, CONV)
        hints = await client.text_document_inlay_hint_async(
            types.InlayHintParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(
                    start=types.Position(line=0, character=0),
                    end=types.Position(line=99, character=0),
                ),
            )
        )
        assert not hints
    finally:
        await client.shutdown_session()
        await client.stop()


@pytest.mark.asyncio
async def test_code_lens_and_exported_program(client: LanguageClient):
    uri, text, _ = await open_file(client, CONV)
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [lens.command.title.split(" (")[0] for lens in lenses] == ["Show exported program", "Quick run"]
    lens = lenses[0]
    assert lens.range.start.line == position_of(text, "model = M()").line
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=lens.command.command, arguments=lens.command.arguments)
    )
    assert "ExportedProgram:" in result
    assert "torch.ops.aten.conv2d.default" in result
    # The custom request, in strict mode.
    resp = await client.protocol.send_request_async(
        "exportlens/exportedProgram",
        {"textDocument": {"uri": uri}, "mode": "strict"},
    )
    assert "(strict)" in resp.text and "ExportedProgram:" in resp.text
    assert resp.version == 1


@pytest.mark.asyncio
async def test_quick_run_lens_command_and_request(client: LanguageClient):
    uri, text, _ = await open_file(client, CONV)
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    run = next(lens for lens in lenses if lens.command.title == "Quick run")
    assert run.range.start.line == position_of(text, "model = M()").line
    # The command answers with what `exportlens run` prints.
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=run.command.command, arguments=run.command.arguments)
    )
    assert re.search(r"# model \(line \d+\): ran in [\d.]+ ms", result), result
    assert "output 0: f32[1, 16, 85, 85]" in result
    # The custom request also gives the numeric summary of report-schema.md.
    resp = await client.protocol.send_request_async("exportlens/quickRun", {"textDocument": {"uri": uri}})
    assert resp.version == 1
    (entry,) = resp.entries
    out = entry.numeric.outputs  # pygls gives JSON objects as named tuples
    assert out.kind == "tensor" and out.dtype == "f32" and list(out.shape) == [1, 16, 85, 85]
    assert len(out.first) == 8


@pytest.mark.asyncio
async def test_quick_run_of_a_data_dependent_model_runs_as_eager_with_a_note(client: LanguageClient):
    uri, _, _ = await open_file(client, BREAK_IF)
    resp = await client.protocol.send_request_async("exportlens/quickRun", {"textDocument": {"uri": uri}})
    (entry,) = resp.entries
    assert "data-dependent" in entry.note and "concrete mode" in entry.note
    assert entry.numeric.outputs.kind == "tensor" and list(entry.numeric.outputs.shape) == [3, 3]
    assert "note:" in resp.text and "output 0: f32[3, 3]" in resp.text


@pytest.mark.asyncio
async def test_quick_run_of_a_model_that_raises_says_why(client: LanguageClient, tmp_path):
    text = (
        "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n"
        "        raise ValueError('no')\n\n\nmodel = M()\nexample_args = (torch.randn(2),)\n"
    )
    uri, _, _ = await open_file(client, tmp_path / "raises.py", text=text, uri=uri_of(tmp_path / "raises.py"))
    resp = await client.protocol.send_request_async("exportlens/quickRun", {"textDocument": {"uri": uri}})
    (entry,) = resp.entries
    assert entry.numeric.error.kind == "export fails"
    assert "nothing to run" in resp.text and "ValueError: no" in resp.text


# --- code actions --------------------------------------------------------------


async def actions_for(client: LanguageClient, uri: str, diags):
    """The code actions offered at the first of `diags`, for all of them."""
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diags[0].range,
            context=types.CodeActionContext(diagnostics=diags),
        )
    )


@pytest.mark.asyncio
async def test_constraint_violation_quick_fix_removes_the_error(client: LanguageClient):
    uri, text, diags = await open_file(client, CV_FIXES)
    cv = [d for d in diags if code(d) == "constraint-violation"]
    assert cv, diags
    actions = await actions_for(client, uri, cv)
    preferred = [a for a in actions if a.is_preferred]
    assert preferred, [a.title for a in actions]
    fix = preferred[0]
    assert fix.kind == types.CodeActionKind.QuickFix
    edits = fix.edit.changes[uri]
    new_text = apply_edits(text, edits)
    assert "d1 = 4" in new_text and "dy = dx" in new_text
    # Send the edits as the editor would (last first, so ranges stay valid).
    ordered = sorted(
        edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True
    )
    change_doc(
        client,
        uri,
        2,
        [types.TextDocumentContentChangePartial(range=e.range, text=e.new_text) for e in ordered],
    )
    after = await diagnostics_for(client, uri, 2)
    assert not [d for d in after if code(d) == "constraint-violation"], after
    assert not errors(after), after
    program = await client.protocol.send_request_async(
        "exportlens/exportedProgram", {"textDocument": {"uri": uri}}
    )
    assert "ExportedProgram:" in program.text


@pytest.mark.asyncio
async def test_quick_fix_where_torch_suggests_none(client: LanguageClient, tmp_path):
    # min=5 is torch's own fix for this model, but x[2:-2] also guards
    # length - 4 != 1, which excludes 5: torch suggests nothing more.
    text = (
        "import torch\nfrom torch.export import Dim\n\n\n"
        "class EdgeTrim(torch.nn.Module):\n"
        "    def forward(self, x):\n"
        "        torch._check(x.shape[0] >= 5)\n"
        "        return x[2:-2] * 2.0\n\n\n"
        "model = EdgeTrim()\nexample_args = (torch.randn(10, 3),)\n"
        "length = Dim('length', min=5, max=1024)\n"
        "dynamic_shapes = {'x': {0: length}}\n"
    )
    path = tmp_path / "edge_trim.py"
    uri, text, diags = await open_file(client, path, text=text, uri=uri_of(path))
    cv = [d for d in diags if code(d) == "constraint-violation"]
    assert cv, diags
    actions = await actions_for(client, uri, cv)
    own = [a for a in actions if a.title.startswith("Apply exportlens's fix")]
    assert own and own[0].is_preferred, [a.title for a in actions]
    new_text = apply_edits(text, own[0].edit.changes[uri])
    assert "length = Dim('length', min=6, max=1024)" in new_text, new_text


@pytest.mark.asyncio
async def test_dim_dynamic_quick_fix():
    path = corpus("tutorial/dynamic_model_static_conflict.py")
    client, _ = await start_client()
    try:
        uri, text, diags = await open_file(client, path)
        cv = [d for d in diags if code(d) == "constraint-violation"]
        assert cv, diags
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=cv[0].range,
                context=types.CodeActionContext(diagnostics=cv),
            )
        )
        titles = [a.title for a in actions]
        static = [a for a in actions if "Dim.STATIC" in a.title]
        assert static, titles
        new_text = apply_edits(text, static[0].edit.changes[uri])
        assert '"y": (Dim.AUTO, Dim.STATIC)' in new_text
        change_doc(client, uri, 2, [types.TextDocumentContentChangeWholeDocument(text=new_text)])
        after = await diagnostics_for(client, uri, 2)
        assert not [d for d in after if code(d) == "constraint-violation"], after
    finally:
        await client.shutdown_session()
        await client.stop()


STRICT_ONLY = '''import torch


class M(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x) + id(x) * 0


ep = torch.export.export(M(), (torch.randn(3),), strict=True)
'''


@pytest.mark.asyncio
async def test_strict_false_quick_fix(client: LanguageClient, tmp_path):
    path = tmp_path / "strict_only.py"
    path.write_text(STRICT_ONLY)
    uri, text, diags = await open_file(client, path)
    errs = errors(diags)
    assert errs, diags
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=errs[0].range,
            context=types.CodeActionContext(diagnostics=errs),
        )
    )
    strict = [a for a in actions if "strict=False" in a.title]
    assert strict, [a.title for a in actions]
    new_text = apply_edits(text, strict[0].edit.changes[uri])
    assert "strict=False)" in new_text
    change_doc(client, uri, 2, [types.TextDocumentContentChangeWholeDocument(text=new_text)])
    assert not errors(await diagnostics_for(client, uri, 2))


@pytest.mark.asyncio
async def test_data_dependent_quick_fixes(client: LanguageClient):
    uri, text, diags = await open_file(client, BREAK_IF)
    errs = errors(diags)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=errs[0].range,
            context=types.CodeActionContext(diagnostics=errs),
        )
    )
    by_title = {a.title: a for a in actions}
    check = [a for t, a in by_title.items() if "torch._check" in t]
    assert check, list(by_title)
    new_text = apply_edits(text, check[0].edit.changes[uri])
    assert "        torch._check(...)" in new_text
    cond = [a for t, a in by_title.items() if "torch.cond" in t]
    assert cond, list(by_title)
    new_text = apply_edits(text, cond[0].edit.changes[uri])
    assert "return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))" in new_text
    change_doc(client, uri, 2, [types.TextDocumentContentChangeWholeDocument(text=new_text)])
    after = await diagnostics_for(client, uri, 2)
    assert not [d for d in after if code(d) == "data-dependent"], after


# --- ordering, robustness, protocol ----------------------------------------------


def comparable(diags):
    return sorted(
        (
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
            int(d.severity or 0),
            code(d),
            d.message,
        )
        for d in diags
    )


MLP_NO_SPEC = """import torch


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(16, 4)

    def forward(self, x, y):
        return self.l(x) + y

"""


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "tail,entry_needle",
    [
        ("model = MLP()\nexample_args = (torch.randn(8, 16), torch.randn(8, 4))\n", "model = MLP()"),
        ("ep = torch.export.export(\n    MLP(),\n    (torch.randn(8, 16), torch.randn(8, 4)),\n)\n", "torch.export.export"),
    ],
    ids=["exportdb", "export_call"],
)
async def test_make_the_batch_dimension_dynamic(client: LanguageClient, tmp_path, tail, entry_needle):
    text = MLP_NO_SPEC + tail
    uri = uri_of(tmp_path / "mlp.py")
    uri, text, _ = await open_file(client, tmp_path / "mlp.py", text=text, uri=uri)
    before = await client.protocol.send_request_async("exportlens/exportedProgram", {"textDocument": {"uri": uri}})
    assert "f32[8, 16]" in before.text
    at = position_of(text, entry_needle)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=at, end=at),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    (action,) = [a for a in actions if a.title.startswith("Make the batch dimension dynamic")]
    assert action.kind == types.CodeActionKind.RefactorRewrite
    new_text = apply_edits(text, action.edit.changes[uri])
    assert 'batch = torch.export.Dim("batch")' in new_text
    assert "({0: batch}, {0: batch},)" in new_text
    change_doc(client, uri, 2, [types.TextDocumentContentChangeWholeDocument(text=new_text)])
    after = await diagnostics_for(client, uri, 2)
    assert not errors(after), after
    program = await client.protocol.send_request_async("exportlens/exportedProgram", {"textDocument": {"uri": uri}})
    assert program.version == 2
    assert re.search(r'"f32\[s\d+, 16\]"', program.text), program.text
    assert re.search(r"Range constraints: \{s\d+: VR\[0, int_oo\]\}", program.text), program.text
    # With a spec in place the action is gone.
    again = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=position_of(new_text, entry_needle), end=position_of(new_text, entry_needle)),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert not [a for a in again if a.title.startswith("Make the batch")]


@pytest.mark.asyncio
async def test_300_edit_burst_ends_in_the_fresh_open_diagnostics(client: LanguageClient, tmp_path):
    base = CV_FIXES.read_text()
    uri = uri_of(tmp_path / "burst.py")
    open_doc(client, uri, base)
    rng = random.Random(4)
    text = base
    version = 1
    # Type a new statement into forward one character at a time, with
    # random deletions and re-insertions in between; 300 edits in all.
    insert_at = text.index("        return w + torch.ones(4)")
    typed = "        w = w * 2  # scaled\n"
    edits = 0
    cursor = insert_at
    for ch in typed:
        if edits >= 300:
            break
        line = text.count("\n", 0, cursor)
        col = cursor - (text.rfind("\n", 0, cursor) + 1)
        p = types.Position(line=line, character=col)
        version += 1
        change_doc(client, uri, version, [types.TextDocumentContentChangePartial(
            range=types.Range(start=p, end=p), text=ch)])
        text = text[:cursor] + ch + text[cursor:]
        cursor += 1
        edits += 1
    while edits < 300:
        # delete a random character of the header comment area and put it back
        a = rng.randrange(0, len("import torch"))
        pa = types.Position(line=0, character=a)
        pb = types.Position(line=0, character=a + 1)
        removed = text[a]
        version += 1
        change_doc(client, uri, version, [types.TextDocumentContentChangePartial(
            range=types.Range(start=pa, end=pb), text="")])
        text = text[:a] + text[a + 1:]
        edits += 1
        if edits >= 300:
            break
        version += 1
        change_doc(client, uri, version, [types.TextDocumentContentChangePartial(
            range=types.Range(start=pa, end=pa), text=removed)])
        text = text[:a] + removed + text[a:]
        edits += 1
    assert edits == 300
    final = await diagnostics_for(client, uri, version, timeout=60)
    fresh_uri = uri_of(tmp_path / "fresh.py")
    open_doc(client, fresh_uri, text)
    fresh = await diagnostics_for(client, fresh_uri, 1)
    assert comparable(final) == comparable(fresh)
    assert errors(final), final
    # The server's copy of the text is the client's: the program shows the
    # typed line.
    prog = await client.protocol.send_request_async(
        "exportlens/exportedProgram", {"textDocument": {"uri": uri}}
    )
    assert prog.version == version


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "name,text",
    [
        ("nul", "import torch\x00\x00\nclass M(torch.nn.Module):\x00\n    def forward(self, x):\n        return x\x00\n"),
        ("parens", "x = " + "(" * 5000 + "\n"),
        ("one_megabyte", ("# " + "y" * 98 + "\n") * 10_000 + "x = 1\n"),
        ("deep_calls", "def f(x):\n" + "    " + "f(" * 3000 + "x" + ")" * 3000 + "\n"),
        ("binary_junk", "".join(chr(c) for c in range(1, 0x2FF)) * 20),
    ],
)
async def test_garbage_does_not_kill_the_server(client: LanguageClient, tmp_path, name, text):
    uri = uri_of(tmp_path / f"{name}.py")
    open_doc(client, uri, text)
    await diagnostics_for(client, uri, 1, timeout=60)
    h = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=0, character=2),
        )
    )
    assert h is None or h.contents
    # The server still analyses real models afterwards.
    _, _, diags = await open_file(client, BREAK_IF)
    assert errors(diags)


@pytest.mark.asyncio
async def test_invalid_utf8_in_path(client: LanguageClient):
    uri = "file:///tmp/exportlens-%FF%FE/bad%00name.py"
    open_doc(client, uri, BREAK_IF.read_text())
    diags = await diagnostics_for(client, uri, 1)
    assert errors(diags)


@pytest.mark.asyncio
async def test_panic_in_analysis_is_reported_and_server_survives(client: LanguageClient, tmp_path):
    uri = uri_of(tmp_path / "panic.py")
    open_doc(client, uri, "# __exportlens_test_panic__\n")
    diags = await diagnostics_for(client, uri, 1)
    assert any("exportlens internal error" in d.message for d in diags), diags
    _, _, diags = await open_file(client, BREAK_IF)
    assert errors(diags)


@pytest.mark.asyncio
async def test_unknown_method_is_method_not_found(client: LanguageClient):
    with pytest.raises(JsonRpcMethodNotFound):
        await client.protocol.send_request_async("exportlens/noSuchMethod", {})
    # still alive
    _, _, diags = await open_file(client, BREAK_IF)
    assert errors(diags)


@pytest.mark.asyncio
async def test_cancellation_leaves_the_server_answering(client: LanguageClient):
    uri, text, _ = await open_file(client, GUARDS)
    params = types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(text, "x1 = self.l(w)"),
    )
    # Edit, then ask and cancel at once: the hover may be answered or
    # cancelled (JSON-RPC -32800), never lost, and the server goes on.
    change_doc(client, uri, 2, [types.TextDocumentContentChangeWholeDocument(text=text + "\n")])
    before = set(client.protocol._request_futures)
    fut = client.protocol.send_request(types.TEXT_DOCUMENT_HOVER, params)
    (request_id,) = set(client.protocol._request_futures) - before
    client.protocol.notify("$/cancelRequest", types.CancelParams(id=request_id))
    try:
        result = await asyncio.wait_for(asyncio.wrap_future(fut), 10)
        assert result is None or "x1" in hover_text(result)
    except JsonRpcRequestCancelled:
        pass
    h = await client.text_document_hover_async(params)
    assert "x1" in hover_text(h)


@pytest.mark.asyncio
async def test_bad_configuration_warns_and_uses_defaults():
    client, _ = await start_client(
        options={"mode": "sideways", "guards": "maybe"},
        capabilities=types.ClientCapabilities(
            workspace=types.WorkspaceClientCapabilities(configuration=True)
        ),
        configuration={"exportlens": {"debounceMs": "soon"}},
    )
    try:
        await wait_for(lambda: len(client.messages) >= 3, what="three warnings")
        text = "\n".join(m.message for m in client.messages)
        assert "exportlens.mode" in text and "exportlens.guards" in text
        assert "exportlens.debounceMs" in text
        assert all(m.type == types.MessageType.Warning for m in client.messages)
        _, _, diags = await open_file(client, BREAK_IF)
        assert [d for d in errors(diags) if code(d) == "data-dependent"]
    finally:
        await client.shutdown_session()
        await client.stop()


@pytest.mark.asyncio
async def test_workspace_configuration_section_is_read():
    client, _ = await start_client(
        capabilities=types.ClientCapabilities(
            workspace=types.WorkspaceClientCapabilities(configuration=True)
        ),
        configuration={"exportlens": {"mode": "strict", "guards": False}},
    )
    try:
        uri = uri_of(CV_FIXES)
        open_doc(client, uri, CV_FIXES.read_text())
        # The settings arrive right after `initialized`; wait until the
        # published diagnostics reflect them.

        def strict_without_guards():
            ds = client.diagnostics.get(uri)
            return ds is not None and ds and not [d for d in ds if code(d) == "guard"]

        await wait_for(strict_without_guards, what="guards off")
        resp = await client.protocol.send_request_async(
            "exportlens/exportedProgram", {"textDocument": {"uri": uri}}
        )
        assert "(strict)" in resp.text
    finally:
        await client.shutdown_session()
        await client.stop()


@pytest.mark.asyncio
async def test_utf8_position_encoding_is_negotiated():
    caps = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(
            position_encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16]
        )
    )
    client, result = await start_client(capabilities=caps)
    try:
        assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
        text = BREAK_IF.read_text().replace("class Bad1", "# é😀\nclass Bad1")
        uri = "file:///tmp/exportlens-utf8.py"
        open_doc(client, uri, text)
        await diagnostics_for(client, uri, 1)
        # Insert after the emoji: UTF-8 column 2 + 4 = 6 bytes past "# ".
        line = text.split("\n").index("# é😀")
        p = types.Position(line=line, character=len("# é😀".encode()))
        change_doc(client, uri, 2, [types.TextDocumentContentChangePartial(
            range=types.Range(start=p, end=p), text="!")])
        await diagnostics_for(client, uri, 2)
        prog = await client.protocol.send_request_async(
            "exportlens/exportedProgram", {"textDocument": {"uri": uri}}
        )
        assert prog.version == 2
    finally:
        await client.shutdown_session()
        await client.stop()


@pytest.mark.asyncio
async def test_shutdown_and_exit_code_zero():
    client, _ = await start_client()
    server = client._server
    await client.shutdown_session()
    assert server.returncode == 0
    await client.stop()


@pytest.mark.asyncio
async def test_exit_without_shutdown_is_code_one():
    client, _ = await start_client()
    server = client._server
    client.exit(None)
    await asyncio.wait_for(server.wait(), 10)
    assert server.returncode == 1
    await client.stop()


# --- workspace: models imported from other files --------------------------

WS_MODELS = """import torch


class M(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        if y.sum() > 0:
            return y
        return -y
"""

WS_MODELS_OK = """import torch


class M(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        return y
"""

WS_EXPORT = """import torch
from models import M

ep = torch.export.export(M(), (torch.randn(3, 4),))
"""


def write_files(root, files: dict[str, str]) -> None:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


async def start_in(root, capabilities=None):
    """A client whose workspace folder is `root`."""
    client = await CONFIG.start()
    await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities or types.ClientCapabilities(),
            root_uri=uri_of(root),
            workspace_folders=[types.WorkspaceFolder(uri=uri_of(root), name="ws")],
        )
    )
    return client


async def published_errors(client: LanguageClient, uri: str, timeout: float = 20.0):
    """Wait until the newest diagnostics published for `uri` hold an error."""

    def find():
        for p in reversed(client.published.items):  # type: ignore[attr-defined]
            if p.uri == uri:
                errs = errors(p.diagnostics)
                return errs or None
        return None

    return await wait_for(find, timeout, f"an error published for {uri}")


@pytest.mark.asyncio
async def test_workspace_failure_in_imported_model_file(tmp_path):
    write_files(tmp_path, {"models.py": WS_MODELS, "export_model.py": WS_EXPORT})
    client = await start_in(tmp_path)
    try:
        models = uri_of(tmp_path / "models.py")
        # Only models.py is open: export_model.py is found by the workspace
        # scan and analysed from disk.
        open_doc(client, models, WS_MODELS)
        errs = await published_errors(client, models)
        d = errs[0]
        assert d.range.start.line == 6, d  # `if y.sum() > 0:`
        assert code(d) == "data-dependent"
        rel = d.related_information
        assert rel and rel[0].location.uri == uri_of(tmp_path / "export_model.py")
        assert rel[0].location.range.start.line == 3  # the export call
        # Fixing the model in the editor clears the error (export_model.py
        # re-analysed against the open, edited text).
        change_doc(
            client,
            models,
            2,
            [types.TextDocumentContentChangeWholeDocument(text=WS_MODELS_OK)],
        )

        def cleared():
            for p in reversed(client.published.items):  # type: ignore[attr-defined]
                if p.uri == models:
                    return not errors(p.diagnostics)
            return False

        await wait_for(cleared, 20.0, "the error to clear")
    finally:
        await client.shutdown_session()


@pytest.mark.asyncio
async def test_workspace_package_and_module_alias_imports_resolve(tmp_path):
    write_files(
        tmp_path,
        {
            "mypkg/__init__.py": "",
            "mypkg/blocks.py": (
                "import torch\n\nclass ResBlock(torch.nn.Module):\n"
                "    def __init__(self, n):\n        super().__init__()\n"
                "        self.lin = torch.nn.Linear(n, n)\n\n"
                "    def forward(self, x):\n        return x + self.lin(x)\n"
            ),
            "mypkg/layers.py": (
                "import torch\nfrom .blocks import ResBlock\n\n"
                "def make(n):\n    return torch.nn.Sequential(ResBlock(n), torch.nn.Linear(n, 2))\n"
            ),
            "export_model.py": (
                "import torch\nimport mypkg.layers as L\n\n\n"
                "class Top(torch.nn.Module):\n    def __init__(self):\n"
                "        super().__init__()\n        self.body = L.make(4)\n\n"
                "    def forward(self, x):\n        y = self.body(x)\n        return y\n\n\n"
                "ep = torch.export.export(Top(), (torch.randn(3, 4),))\n"
            ),
        },
    )
    client = await start_in(tmp_path)
    try:
        path = tmp_path / "export_model.py"
        uri, text, diags = await open_file(client, path)
        assert not [d for d in diags if code(d) == "incomplete"], diags
        assert not errors(diags), diags
        at = position_of(text, "y = self.body(x)")
        h = await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
        )
        assert "f32[3, 2]" in hover_text(h), hover_text(h)
    finally:
        await client.shutdown_session()


@pytest.mark.asyncio
async def test_workspace_watched_file_change_updates_diagnostics(tmp_path):
    write_files(tmp_path, {"models.py": WS_MODELS_OK, "export_model.py": WS_EXPORT})
    caps = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                dynamic_registration=True
            )
        )
    )
    client = await start_in(tmp_path, caps)
    try:
        await wait_for(
            lambda: any(
                r.method == "workspace/didChangeWatchedFiles"
                for r in client.registrations  # type: ignore[attr-defined]
            ),
            10.0,
            "the file watcher registration",
        )
        uri, _, diags = await open_file(client, tmp_path / "export_model.py")
        assert not errors(diags), diags
        # models.py (not open) changes on disk.
        (tmp_path / "models.py").write_text(WS_MODELS)
        models = uri_of(tmp_path / "models.py")
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=models, type=types.FileChangeType.Changed)]
            )
        )
        errs = await published_errors(client, models)
        assert errs[0].range.start.line == 6
        assert errs[0].related_information[0].location.uri == uri
    finally:
        await client.shutdown_session()


VENV_PACKAGE = """import torch


class Scale(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = torch.nn.Linear(n, n)

    def forward(self, x):
        return torch.relu(self.lin(x))
"""

VENV_MODEL = """import torch
from mypkg import Scale


class Top(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = Scale(4)

    def forward(self, x):
        y = self.body(x)
        return y + 1


ep = torch.export.export(Top(), (torch.randn(3, 4),))
"""


@pytest.mark.asyncio
async def test_installed_package_in_a_dot_venv_resolves_and_is_logged(tmp_path):
    site = ".venv/lib/python3.11/site-packages"
    write_files(
        tmp_path,
        {
            ".venv/pyvenv.cfg": "version = 3.11.7\n",
            f"{site}/mypkg/__init__.py": VENV_PACKAGE,
            "app/export_model.py": VENV_MODEL,
        },
    )
    # The server resolves environments as the CLI does: nothing the test
    # runner has activated may stand in for the .venv.
    env = {k: v for k, v in CONFIG.server_env.items() if k not in ("VIRTUAL_ENV", "CONDA_PREFIX")}
    env["PATH"] = ""
    config = pytest_lsp.ClientServerConfig(
        server_command=CONFIG.server_command,
        client_factory=CONFIG.client_factory,
        server_env=env,
    )
    client = await config.start()
    await client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=uri_of(tmp_path / "app"),
            workspace_folders=[types.WorkspaceFolder(uri=uri_of(tmp_path / "app"), name="app")],
        )
    )
    try:
        path = tmp_path / "app" / "export_model.py"
        uri, text, diags = await open_file(client, path)
        assert not [d for d in diags if code(d) == "incomplete"], diags
        assert not errors(diags), diags
        at = position_of(text, "y = self.body(x)")
        value = hover_text(
            await client.text_document_hover_async(
                types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
            )
        )
        assert "f32[3, 4]" in value, value
        assert "aten.linear.default" in value, value
        # The package's own forward lines show what the entry recorded there.
        pkg = tmp_path / site / "mypkg" / "__init__.py"
        pkg_uri, pkg_text, _ = await open_file(client, pkg)
        value = hover_text(
            await client.text_document_hover_async(
                types.HoverParams(
                    text_document=types.TextDocumentIdentifier(uri=pkg_uri),
                    position=position_of(pkg_text, "torch.relu(self.lin(x))"),
                )
            )
        )
        assert "aten.linear.default" in value and "f32[3, 4]" in value, value
        # And its inlay hints: `Scale` needs an argument, so only the entry
        # in the other file traces it.
        line = position_of(pkg_text, "torch.relu(self.lin(x))").line
        labels = [h.label for h in await inlay_hints(client, pkg_uri, pkg_text) if h.position.line == line]
        assert labels == ["-> f32[3, 4]"], labels
        venv = (tmp_path / ".venv").resolve()

        def logged():
            return [m for m in client.log_messages if f"environment from .venv at {venv}" in m.message]

        found = await wait_for(logged, 10.0, "a logMessage naming the .venv")
        assert found[0].type == types.MessageType.Info
        assert str(path.resolve()) in found[0].message
    finally:
        await client.shutdown_session()


@pytest.mark.asyncio
async def test_pyproject_extra_paths_change_re_resolves_open_files(tmp_path):
    write_files(
        tmp_path,
        {"vendor/mypkg/__init__.py": VENV_PACKAGE, "app/export_model.py": VENV_MODEL},
    )
    caps = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                dynamic_registration=True
            )
        )
    )
    client = await start_in(tmp_path / "app", caps)
    try:
        def pyproject_watched():
            for r in client.registrations:  # type: ignore[attr-defined]
                if r.method == "workspace/didChangeWatchedFiles":
                    globs = [w["globPattern"] for w in r.register_options["watchers"]]
                    return "**/pyproject.toml" in globs
            return False

        await wait_for(pyproject_watched, 10.0, "a pyproject.toml watcher")
        uri, _, diags = await open_file(client, tmp_path / "app" / "export_model.py")
        assert [d for d in diags if code(d) == "incomplete"], diags
        (tmp_path / "pyproject.toml").write_text('[tool.exportlens]\nextra-paths = ["vendor"]\n')
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[
                    types.FileEvent(
                        uri=uri_of(tmp_path / "pyproject.toml"), type=types.FileChangeType.Created
                    )
                ]
            )
        )

        def followed():
            for p in reversed(client.published.items):  # type: ignore[attr-defined]
                if p.uri == uri:
                    return not [d for d in p.diagnostics if code(d) == "incomplete"]
            return False

        await wait_for(followed, 20.0, "the package found through extra-paths")
    finally:
        await client.shutdown_session()


@pytest.mark.asyncio
async def test_a_torchvision_model_file_shows_the_shapes_an_entry_gives_it(tmp_path):
    # The installed torchvision of the library yardstick (tests/libs/prepare.sh).
    libs = ROOT / ".venv-libs"
    resnet = next(libs.glob("lib/python3*/site-packages/torchvision/models/resnet.py"))
    write_files(
        tmp_path,
        {
            "pyproject.toml": f'[tool.exportlens]\npython = "{libs}"\n',
            "export_resnet.py": (
                "import torch\nimport torchvision\n\n"
                "model = torchvision.models.resnet18(num_classes=10).eval()\n"
                "example_args = (torch.randn(2, 3, 64, 64),)\n"
            ),
        },
    )
    client = await start_in(tmp_path)
    try:
        _, _, diags = await open_file(client, tmp_path / "export_resnet.py")
        assert not errors(diags), diags
        assert not [d for d in diags if code(d) == "analysis-incomplete"], diags
        uri, text, _ = await open_file(client, resnet)

        def hover_at(snippet):
            return client.text_document_hover_async(
                types.HoverParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    position=position_of(text, snippet),
                )
            )

        value = hover_text(await hover_at("x = self.conv1(x)"))
        assert "aten.conv2d.default" in value and "f32[2, 64, 32, 32]" in value, value
        value = hover_text(await hover_at("x = self.fc(x)"))
        assert "aten.linear.default" in value and "f32[2, 10]" in value, value
    finally:
        await client.shutdown_session()
