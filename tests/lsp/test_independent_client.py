"""`exportlens lsp` against an independent client: raw_client.py's own
JSON-RPC over stdio (no pygls, no lsprotocol), announcing the capabilities a
current Neovim announces, opening corpus models by their file URIs as an
editor does. One server session walks through what an editor user sees:
the failing line, hover, inlay hints, a quick fix that removes a constraint
violation, an ordered burst of edits, garbage files, and a clean shutdown.
"""
from __future__ import annotations

import random

from lsp_helpers import BIN, CORPUS, ROOT
from raw_client import RawServer, apply_text_edits

BREAK_IF = CORPUS / "tutorial" / "break_data_dependent_if.py"
CONV = CORPUS / "tutorial" / "conv_relu_maxpool.py"
CV_FIXES = CORPUS / "tutorial" / "constraint_violation_fixes.py"

# What Neovim 0.11 announces that matters here (push diagnostics, UTF-16
# and UTF-8 positions, inlay hints, code actions with literal support).
CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "textDocument": {
        "synchronization": {"didSave": True, "dynamicRegistration": False},
        "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "inlayHint": {"dynamicRegistration": True},
        "codeAction": {
            "codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["", "quickfix", "refactor"]}},
            "isPreferredSupport": True,
        },
        "codeLens": {"dynamicRegistration": False},
    },
    "workspace": {"configuration": True, "applyEdit": True, "workspaceEdit": {"documentChanges": True}},
    "window": {"workDoneProgress": True},
}

ERROR = 1


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n")


def canonical(diags):
    return sorted(
        (d["range"]["start"]["line"], d["range"]["start"]["character"], d["range"]["end"]["line"],
         d["range"]["end"]["character"], d.get("severity"), str(d.get("code")), d["message"])
        for d in diags
    )


def test_an_editor_session_over_raw_json_rpc(tmp_path):
    server = RawServer(BIN)
    try:
        server.initialize(ROOT, CAPABILITIES)

        # 1. The failing line of a data-dependent branch is an error.
        text = BREAK_IF.read_text()
        uri = BREAK_IF.as_uri()
        server.open(uri, text)
        _, diags = server.analysed_diagnostics(uri, 1)
        errors = [d for d in diags if d.get("severity") == ERROR]
        assert errors, diags
        assert {d["range"]["start"]["line"] for d in errors} == {line_of(text, "if x.sum() > 0")}, errors

        # 2. Hover on a tensor variable shows its type; 3. inlay hints show shapes.
        text = CONV.read_text()
        uri = CONV.as_uri()
        server.open(uri, text)
        server.analysed_diagnostics(uri, 1)
        a_line = line_of(text, "a = self.conv(x)")
        hover = server.result("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": a_line, "character": 8}})
        assert "f32[1, 16, 256, 256]" in hover["contents"]["value"], hover
        hints = server.result("textDocument/inlayHint", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": len(text.splitlines()), "character": 0}},
        })
        labels = [h["label"] if isinstance(h["label"], str) else "".join(p["value"] for p in h["label"]) for h in hints]
        assert any("f32[1, 16, 256, 256]" in label for label in labels), labels

        # 4. The quick fix for a constraint violation removes it.
        text = CV_FIXES.read_text()
        uri = (tmp_path / "constraint_violation_fixes.py").as_uri()
        server.open(uri, text)
        _, diags = server.analysed_diagnostics(uri, 1)
        cv = [d for d in diags if d.get("code") == "constraint-violation"]
        assert cv, diags
        actions = server.result("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": cv[0]["range"], "context": {"diagnostics": cv}})
        fix = next(a for a in actions if a.get("isPreferred"))
        edits = fix["edit"]["changes"][uri] if "changes" in fix["edit"] else fix["edit"]["documentChanges"][0]["edits"]
        fixed = apply_text_edits(text, edits)
        server.change(uri, 2, [{"text": fixed}])
        _, after = server.wait_diagnostics(uri, 2)
        assert not [d for d in after if d.get("code") == "constraint-violation" or d.get("severity") == ERROR], after

        # 5. 300 single-character edits, sent without waiting: the last
        # diagnostics are those of a fresh open of the final text.
        rng = random.Random(7)
        text = fixed
        version = 2
        for _ in range(150):
            line = rng.randrange(0, len(text.split("\n")))
            col = len(text.split("\n")[line])
            version += 1
            server.change(uri, version, [{"range": {"start": {"line": line, "character": col},
                                                    "end": {"line": line, "character": col}}, "text": "#"}])
            text = apply_text_edits(text, [{"range": {"start": {"line": line, "character": col},
                                                      "end": {"line": line, "character": col}}, "newText": "#"}])
            version += 1
            server.change(uri, version, [{"range": {"start": {"line": line, "character": col},
                                                    "end": {"line": line, "character": col + 1}}, "text": ""}])
            text = apply_text_edits(text, [{"range": {"start": {"line": line, "character": col},
                                                      "end": {"line": line, "character": col + 1}}, "newText": ""}])
        assert version == 302 and text == fixed
        _, final = server.wait_diagnostics(uri, version)
        fresh = (tmp_path / "fresh.py").as_uri()
        server.open(fresh, text)
        _, fresh_diags = server.analysed_diagnostics(fresh, 1)
        assert canonical(final) == canonical(fresh_diags)

        # 6. Garbage files get an answer and the server keeps serving.
        garbage = {
            "nul.py": "import torch\x00\x00\nclass M(torch.nn.Module):\x00\n",
            "parens.py": "x = " + "(" * 5000 + "\n",
            "megabyte.py": ("# " + "y" * 98 + "\n") * 10_000,
        }
        for name, body in garbage.items():
            g = (tmp_path / name).as_uri()
            server.open(g, body)
            server.analysed_diagnostics(g, 1)
        again = server.result("textDocument/hover", {
            "textDocument": {"uri": CONV.as_uri()}, "position": {"line": a_line, "character": 8}})
        assert "f32[1, 16, 256, 256]" in again["contents"]["value"]
    finally:
        code = server.close()

    # 7. shutdown + exit: exit code 0.
    assert code == 0
