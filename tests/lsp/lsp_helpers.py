"""Helpers for the language-server tests (pytest-lsp over stdio).

- The server is the real binary, `target/release/exportlens lsp`
  (EXPORTLENS_BIN overrides it); it is built with cargo when missing or
  older than the Rust sources.
- `CONFIG` starts a server; conftest.py's `client` fixture is a fresh
  server per test, initialised with plain capabilities (push diagnostics,
  UTF-16).
- `Recorder` keeps every publishDiagnostics with its version, so a test can
  wait for the diagnostics of one exact version.
"""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = Path(__file__).resolve().parents[2]
CORPUS = (ROOT / ".." / "shared" / "corpus").resolve()
BIN = Path(os.environ.get("EXPORTLENS_BIN", ROOT / "target" / "release" / "exportlens"))


def _newest_source_mtime() -> float:
    newest = 0.0
    for p in list((ROOT / "server").rglob("*.rs")) + list((ROOT / "server").rglob("Cargo.toml")):
        if "target" in p.parts:
            continue
        newest = max(newest, p.stat().st_mtime)
    return newest


def ensure_binary() -> Path:
    if "EXPORTLENS_BIN" in os.environ:
        return BIN
    if not BIN.exists() or BIN.stat().st_mtime < _newest_source_mtime():
        print("building exportlens (cargo build --release -p cli)", file=sys.stderr)
        subprocess.run(
            ["cargo", "build", "--release", "-p", "cli"], cwd=ROOT, check=True
        )
    return BIN


SERVER = [str(ensure_binary()), "lsp"]


def corpus(rel: str) -> Path:
    return CORPUS / rel


def uri_of(path: Path | str) -> str:
    return Path(path).resolve().as_uri()


class Published:
    """Every textDocument/publishDiagnostics the client received."""

    def __init__(self) -> None:
        self.items: list[types.PublishDiagnosticsParams] = []


def make_client() -> LanguageClient:
    from pygls.protocol import default_converter
    from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

    client = LanguageClient(converter_factory=default_converter)
    client.published = Published()  # type: ignore[attr-defined]

    def record(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        client.diagnostics[params.uri] = params.diagnostics
        client.published.items.append(params)  # type: ignore[attr-defined]

    def register(client: LanguageClient, params: types.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)  # type: ignore[attr-defined]

    client.registrations = []  # type: ignore[attr-defined]
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = record
    features[types.CLIENT_REGISTER_CAPABILITY] = register
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(
    server_command=SERVER,
    client_factory=make_client,
    server_env={**os.environ, "EXPORTLENS_LSP_TEST_HOOKS": "1", "EXPORTLENS_LOG": "warn"},
)


async def initialize(
    client: LanguageClient,
    capabilities: types.ClientCapabilities | None = None,
    options: object | None = None,
) -> types.InitializeResult:
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities or types.ClientCapabilities(),
            initialization_options=options,
            root_uri=uri_of(ROOT),
        )
    )


async def wait_for(cond, timeout: float = 20.0, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = cond()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


async def diagnostics_for(
    client: LanguageClient,
    uri: str,
    version: int | None,
    timeout: float = 20.0,
    analysed: str | None = None,
) -> list[types.Diagnostic]:
    """The diagnostics published for `uri` at `version` once the analysis
    of that version is done (the newest such).

    On opening a file the server first publishes what its text gives
    without tracing (syntax errors), then the traced diagnostics of the
    same version. So after the first publication a code-lens request on
    `analysed` (the document analysed: `uri` itself, or a notebook's URI
    for its cells) waits for the analysis: the server answers it from the
    finished analysis of the newest version, published before the answer.
    The server's transport writes answers and notifications from two queues
    in either order when both are waiting, so that publication may come
    just after the answer; a second code-lens request, sent once the first
    is answered, is answered after it.
    """

    def find():
        for p in reversed(client.published.items):  # type: ignore[attr-defined]
            if p.uri == uri and p.version == version:
                return [p]
        return None

    await wait_for(find, timeout, f"diagnostics of {uri} v{version}")
    lens = types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=analysed or uri))
    for _ in range(2):
        await asyncio.wait_for(client.text_document_code_lens_async(lens), timeout)
    found = find()
    assert found is not None
    return list(found[0].diagnostics)


def open_doc(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=version, text=text
            )
        )
    )


def change_doc(
    client: LanguageClient,
    uri: str,
    version: int,
    changes: list[types.TextDocumentContentChangeEvent],
) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=changes,
        )
    )


def offset_of(text: str, line: int, character: int) -> int:
    """Offset in `text` of an LSP position (UTF-16 columns)."""
    lines = text.split("\n")
    line = min(line, len(lines) - 1)
    start = sum(len(l) + 1 for l in lines[:line])
    units = 0
    i = 0
    s = lines[line]
    while i < len(s) and units < character:
        units += 2 if ord(s[i]) > 0xFFFF else 1
        i += 1
    return start + i


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    """Apply LSP text edits (all relative to `text`) from last to first."""
    spans = []
    for e in edits:
        a = offset_of(text, e.range.start.line, e.range.start.character)
        b = offset_of(text, e.range.end.line, e.range.end.character)
        spans.append((a, b, e.new_text))
    for a, b, new in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
        text = text[:a] + new + text[b:]
    return text


def position_of(text: str, needle: str, nth: int = 0, delta: int = 0) -> types.Position:
    """The LSP position of the `nth` occurrence of `needle` (+delta chars)."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += delta
    line = text.count("\n", 0, at)
    col = at - (text.rfind("\n", 0, at) + 1)
    return types.Position(line=line, character=col)


async def inlay_hints(client: LanguageClient, uri: str, text: str) -> list[types.InlayHint]:
    """The inlay hints of the whole document."""
    return await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(
                start=types.Position(line=0, character=0),
                end=types.Position(line=len(text.split("\n")), character=0),
            ),
        )
    )
