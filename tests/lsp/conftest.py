"""pytest fixtures for the language-server tests: `client` is a fresh
`exportlens lsp` per test, initialised with plain capabilities (push
diagnostics, UTF-16). Helpers live in lsp_helpers.py (a module of its own,
so it does not clash with tests/conftest.py)."""
from __future__ import annotations

import pytest_lsp
from pytest_lsp import LanguageClient

from lsp_helpers import CONFIG, initialize


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient):
    await initialize(lsp_client)
    yield
    await lsp_client.shutdown_session()
